import type Router from "@koa/router";
import type { Container, Newable } from "inversify";
import type { Redis } from "ioredis";
import type { Middleware } from "koa";
import type pg from "pg";
import type { Logger } from "pino";
import { rateLimit, type RateLimitOptions } from "../adapters/http/middleware/rate-limit";
import type { Worker } from "../adapters/workers/worker";
import type { PriceSource } from "../application/ports/price-source.port";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import type { QuoteToken } from "../application/ports/scoring-settings.port";
import type { SuiChain } from "../application/ports/sui-chain.port";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";
import type { MarketSettings } from "./market-settings";

/** What the composition root needs besides configuration: things started before it. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly chain: Pick<ChainRuntime, "chainReader" | "explorer" | "probes" | "chainId" | "rpcUrl" | "transferGraph"> &
    Partial<Pick<ChainRuntime, "rpcEndpoints">>;
  readonly market: MarketSettings;
  /** Quote tokens with decimals and prices, read once at start-up (see readQuoteTokens). */
  readonly quoteTokens: readonly QuoteToken[];
  /** The one price source: start-up reads quote-token prices through it, staking values through the same. */
  readonly priceSource: PriceSource;
  /** The Sui side of the Sui app: the embedded ledger (dev world) or SuiGraphQLChain. */
  readonly suiChain: SuiChain;
  /** An open Redis connection (REDIS_URL), when the caller made one; otherwise the container opens its own. */
  readonly redis?: Redis;
  /** The service's public base URL (known once the server listens when PORT is 0). */
  readonly publicUrl?: () => string;
}

/** What a module binds with: the container, the runtime, and what the core already made (the one pool). */
export interface BindContext {
  readonly container: Container;
  readonly runtime: Runtime;
  /** The one PostgreSQL pool (DATABASE_URL), or null: stores stay in process memory. */
  readonly database: pg.Pool | null;
  readonly publicUrl: () => string;
}

/** What a module builds its routers with. */
export interface RouteContext {
  readonly container: Container;
  readonly config: Config;
  /** The app's public base URL; known only once the server listens when PORT is 0. */
  readonly publicUrl: () => string;
  /** Embedded mode: the seeded roles this app serves at /api/dev/scenario; null otherwise. */
  readonly scenario: unknown;
  /** A named per-client budget (one minute unless told) on the container's rate limiter. */
  readonly budget: (name: string, limit: number, windowMs?: number) => RateLimitOptions;
  /** The same budget as middleware. */
  readonly limited: (name: string, limit: number, windowMs?: number) => Middleware;
}

/** What a module builds its workers with: the chain runtime's block stream, already caught up. */
export interface WorkerContext {
  readonly container: Container;
  readonly chain: Pick<ChainRuntime, "blockStream" | "localIndex">;
  readonly config: Config;
  readonly logger: Logger;
}

/**
 * One product area as the composition root sees it: its use cases, its bindings, its routes and its workers.
 * container.ts lists every module in MODULES; binding, routers and workers follow that order.
 */
export interface FeatureModule {
  readonly name: string;
  /** Bound to themselves after every module's bindings; the container's smoke test resolves each. */
  readonly useCases: readonly Newable<object>[];
  bind?(context: BindContext): void;
  /** The main app's routers (PORT), tried in MODULES order. */
  routes?(context: RouteContext): readonly Router[];
  /** Answered ahead of the edge's layers (body parser, router) of the main app. */
  earlyRoutes?(context: RouteContext): readonly Middleware[];
  /** The second app's routers (ALT_PORT: the Sui app), tried in MODULES order. */
  altRoutes?(context: RouteContext): readonly Router[];
  /** Paths of the second app open to any browser origin. */
  readonly altOpenCorsPaths?: readonly string[];
  /** Started in MODULES order (each awaited), stopped in reverse. */
  workers?(context: WorkerContext): readonly Worker[];
}

const MINUTE_MS = 60_000;

/** The route context of one app: budgets on the container's rate limiter, behind the configured proxies. */
export function routeContext(
  container: Container,
  config: Config,
  publicUrl: () => string,
  scenario: unknown,
): RouteContext {
  const limiter = container.get<RateLimiter>(RateLimiter);
  const budget = (name: string, limit: number, windowMs = MINUTE_MS): RateLimitOptions => ({
    name,
    limiter,
    trustedProxies: config.trustedProxies,
    policy: { limit, windowMs },
  });
  return {
    container,
    config,
    publicUrl,
    scenario,
    budget,
    limited: (name, limit, windowMs) => rateLimit(budget(name, limit, windowMs)),
  };
}
