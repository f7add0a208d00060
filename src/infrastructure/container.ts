import "reflect-metadata";
import { Container, type Newable } from "inversify";
import pg from "pg";
import type { Logger } from "pino";
import { ChainReader } from "../application/ports/chain-reader.port";
import { Clock } from "../application/ports/clock.port";
import { ExplorerHistory } from "../application/ports/explorer-history.port";
import { PaymentSettler } from "../application/ports/payment-settler.port";
import { PaymentVerifier } from "../application/ports/payment-verifier.port";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { ReadinessProbes } from "../application/ports/readiness-probe.port";
import { SnapshotStore } from "../application/ports/snapshot-store.port";
import { SystemClock } from "../adapters/clock/system-clock.adapter";
import { InMemoryRateLimiter } from "../adapters/rate-limit/in-memory-rate-limiter.adapter";
import { InMemorySnapshotStore } from "../adapters/storage/in-memory-snapshot-store.adapter";
import type { QuoteToken } from "../application/ports/scoring-settings.port";
import { bindGating, GATING_USE_CASES } from "./bindings/gating.bindings";
import { HEALTH_USE_CASES } from "./bindings/health.bindings";
import { bindProtocolGuard, PROTOCOL_GUARD_USE_CASES } from "./bindings/protocol-guard.bindings";
import type { MarketSettings } from "./bindings/market-settings";
import { bindScoring, SCORING_USE_CASES } from "./bindings/scoring.bindings";
import { bindPayments, PAYMENT_USE_CASES } from "./bindings/payment.bindings";
import { bindStaking, STAKING_USE_CASES } from "./bindings/staking.bindings";
import { bindGraph, GRAPH_USE_CASES } from "./bindings/graph.bindings";
import type { PriceSource } from "../application/ports/price-source.port";
import type { SuiChain } from "../application/ports/sui-chain.port";
import { bindSecondChain, SECOND_CHAIN_USE_CASES } from "./bindings/second-chain.bindings";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";

/** What the composition root needs besides configuration: things started before it. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly chain: Pick<ChainRuntime, "chainReader" | "explorer" | "probes" | "chainId" | "rpcUrl" | "transferGraph">;
  readonly market: MarketSettings;
  /** Quote tokens with decimals and prices, read once at start-up (see readQuoteTokens). */
  readonly quoteTokens: readonly QuoteToken[];
  /** The one price source: start-up reads quote-token prices through it, staking values through the same. */
  readonly priceSource: PriceSource;
  /** The Sui side of the alt app: the embedded ledger (dev world) or SuiGraphQLChain. */
  readonly suiChain: SuiChain;
}

/** Functions the application awaits on shutdown, after the server stops accepting. */
export const ShutdownHooks = Symbol.for("ShutdownHooks");

/** Every use-case class, as each area's bindings list them; the smoke test resolves each from the production container. */
export const USE_CASES: readonly Newable<object>[] = [
  ...HEALTH_USE_CASES,
  ...PAYMENT_USE_CASES,
  ...SCORING_USE_CASES,
  ...STAKING_USE_CASES,
  ...GATING_USE_CASES,
  ...PROTOCOL_GUARD_USE_CASES,
  ...SECOND_CHAIN_USE_CASES,
  ...GRAPH_USE_CASES,
];

/** Adapters holding connections (RPC providers) expose close(); shutdown calls it if they were ever built. */
function closeIfBound(container: Container, token: symbol): void {
  const adapter = container.get<{ close?: () => void }>(token);
  adapter.close?.();
}

/** The one composition root: ports bound to adapters, use-cases bound to themselves. */
export function buildContainer(runtime: Runtime): Container {
  const container = new Container({ defaultScope: "Singleton" });
  container.bind(Clock).to(SystemClock);
  container.bind(RateLimiter).to(InMemoryRateLimiter);
  container.bind(ReadinessProbes).toConstantValue(runtime.chain.probes);
  container.bind(ChainReader).toConstantValue(runtime.chain.chainReader);
  container.bind(ExplorerHistory).toConstantValue(runtime.chain.explorer);
  container.bind(SnapshotStore).toConstantValue(new InMemorySnapshotStore());
  // One pool for every PostgreSQL adapter (spent payments, Protocol Guard); pg connects lazily.
  const database =
    runtime.config.env.DATABASE_URL === undefined
      ? null
      : new pg.Pool({ connectionString: runtime.config.env.DATABASE_URL, max: 8 });
  bindPayments(container, runtime.config, runtime.chain, database);
  bindProtocolGuard(container, database, runtime.config, runtime.chain.chainId);
  bindSecondChain(container, runtime.config, runtime.suiChain);
  container
    .bind(ShutdownHooks)
    .toConstantValue([
      async () => closeIfBound(container, PaymentVerifier),
      async () => closeIfBound(container, PaymentSettler),
      async () => database?.end(),
    ]);
  bindStaking(container, runtime.priceSource, runtime.market, runtime.config.chainMode === "embedded");
  bindScoring(container, runtime.config, runtime.market, runtime.quoteTokens);
  bindGating(container, runtime.config, runtime.chain.chainId);
  bindGraph(container, runtime.config, runtime.market, runtime.chain.transferGraph);
  for (const useCase of USE_CASES) container.bind(useCase).toSelf();
  return container;
}
