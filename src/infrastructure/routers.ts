import type Router from "@koa/router";
import type { Container } from "inversify";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { CheckReadiness } from "../application/use-cases/health/check-readiness.use-case";
import { AnalyzeStaking } from "../application/use-cases/staking/analyze-staking.use-case";
import { GetStakingLeaderboard } from "../application/use-cases/staking/get-staking-leaderboard.use-case";
import { rateLimit } from "../adapters/http/middleware/rate-limit";
import { batchRoutes } from "../adapters/http/routes/batch.routes";
import { devRoutes } from "../adapters/http/routes/dev.routes";
import { docsRoutes } from "../adapters/http/routes/docs.routes";
import { gatingRoutes } from "../adapters/http/routes/gating.routes";
import { healthRoutes } from "../adapters/http/routes/health.routes";
import { oracleRoutes } from "../adapters/http/routes/oracle.routes";
import { platformRoutes } from "../adapters/http/routes/platform.routes";
import { protocolGuardRoutes } from "../adapters/http/routes/protocol-guard.routes";
import { snapshotRoutes } from "../adapters/http/routes/snapshots.routes";
import { stakingRoutes } from "../adapters/http/routes/staking.routes";
import { tokenShieldRoutes } from "../adapters/http/routes/token-shield.routes";
import { widgetRoutes } from "../adapters/http/routes/widget.routes";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";

const MINUTE_MS = 60_000;

/** Builds one router per product area from the container's use-cases. */
export function composeRouters(
  container: Container,
  config: Config,
  publicUrl: string,
  chain: Pick<ChainRuntime, "devWorld">,
): Router[] {
  const limiter = container.get<RateLimiter>(RateLimiter);
  const limited = (name: string, perMinute: number) =>
    rateLimit({ name, limiter, trustedProxies: config.trustedProxies, policy: { limit: perMinute, windowMs: MINUTE_MS } });
  return [
    healthRoutes({ checkReadiness: container.get(CheckReadiness) }),
    docsRoutes(publicUrl),
    widgetRoutes({ rateLimit: limited("widget", config.env.WIDGET_RATE_LIMIT_PER_MINUTE) }),
    batchRoutes({ rateLimit: limited("batch", config.env.BATCH_RATE_LIMIT_PER_MINUTE) }),
    oracleRoutes(),
    tokenShieldRoutes(),
    gatingRoutes(),
    protocolGuardRoutes(),
    stakingRoutes({ analyzeStaking: container.get(AnalyzeStaking), getLeaderboard: container.get(GetStakingLeaderboard) }),
    snapshotRoutes(),
    platformRoutes(),
    ...(chain.devWorld === null ? [] : [devRoutes(chain.devWorld.manifest)]),
  ];
}
