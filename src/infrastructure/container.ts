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
import { CheckReadiness } from "../application/use-cases/health/check-readiness.use-case";
import { SystemClock } from "../adapters/clock/system-clock.adapter";
import { InMemoryRateLimiter } from "../adapters/rate-limit/in-memory-rate-limiter.adapter";
import { InMemorySnapshotStore } from "../adapters/storage/in-memory-snapshot-store.adapter";
import { PaidQuery } from "../application/use-cases/payment/paid-query.use-case";
import { ReadPaymentTotals } from "../application/use-cases/payment/read-payment-totals.use-case";
import { ReadPlatformStats } from "../application/use-cases/platform/read-platform-stats.use-case";
import { AnalyzeStaking } from "../application/use-cases/staking/analyze-staking.use-case";
import { GetStakingLeaderboard } from "../application/use-cases/staking/get-staking-leaderboard.use-case";
import { IndexStakingBlocks } from "../application/use-cases/staking/index-staking-blocks.use-case";
import type { QuoteToken } from "../application/ports/scoring-settings.port";
import { CheckGate } from "../application/use-cases/gating/check-gate.use-case";
import { GetGatingSchema } from "../application/use-cases/gating/get-gating-schema.use-case";
import { IssueAttestation } from "../application/use-cases/gating/issue-attestation.use-case";
import { VerifyAttestation } from "../application/use-cases/gating/verify-attestation.use-case";
import { ClassifyAddress } from "../application/use-cases/scoring/classify-address.use-case";
import { GetSnapshot } from "../application/use-cases/scoring/get-snapshot.use-case";
import { ListSnapshots } from "../application/use-cases/scoring/list-snapshots.use-case";
import { ScoreAddress } from "../application/use-cases/scoring/score-address.use-case";
import { ScoreNftContract } from "../application/use-cases/scoring/score-nft-contract.use-case";
import { SellOracleScore } from "../application/use-cases/scoring/sell-oracle-score.use-case";
import { ScoreBatch } from "../application/use-cases/scoring/score-batch.use-case";
import { bindGating } from "./bindings/gating.bindings";
import { bindProtocolGuard, PROTOCOL_GUARD_USE_CASES } from "./bindings/protocol-guard.bindings";
import type { MarketSettings } from "./bindings/market-settings";
import { bindScoring } from "./bindings/scoring.bindings";
import { bindPayments } from "./bindings/payment.bindings";
import { bindStaking } from "./bindings/staking.bindings";
import type { PriceSource } from "../application/ports/price-source.port";
import type { ChainRuntime } from "./chain-runtime";
import type { Config } from "./config/config";

/** What the composition root needs besides configuration: things started before it. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly chain: Pick<ChainRuntime, "chainReader" | "explorer" | "probes" | "chainId" | "rpcUrl" | "devWorld">;
  readonly market: MarketSettings;
  /** Quote tokens with decimals and prices, read once at start-up (see readQuoteTokens). */
  readonly quoteTokens: readonly QuoteToken[];
  /** The one price source: start-up reads quote-token prices through it, staking values through the same. */
  readonly priceSource: PriceSource;
}

/** Functions the application awaits on shutdown, after the server stops accepting. */
export const ShutdownHooks = Symbol.for("ShutdownHooks");

/** Every use-case class; the smoke test resolves each from the production container. */
export const USE_CASES: readonly Newable<object>[] = [
  CheckReadiness,
  PaidQuery,
  ReadPaymentTotals,
  ReadPlatformStats,
  AnalyzeStaking,
  GetStakingLeaderboard,
  IndexStakingBlocks,
  ScoreAddress,
  ClassifyAddress,
  ListSnapshots,
  GetSnapshot,
  IssueAttestation,
  VerifyAttestation,
  CheckGate,
  GetGatingSchema,
  ScoreNftContract,
  SellOracleScore,
  ScoreBatch,
  ...PROTOCOL_GUARD_USE_CASES,
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
  const database = runtime.config.env.DATABASE_URL === undefined ? null : new pg.Pool({ connectionString: runtime.config.env.DATABASE_URL, max: 8 });
  bindPayments(container, runtime.config, runtime.chain, database);
  bindProtocolGuard(container, database);
  container.bind(ShutdownHooks).toConstantValue([
    async () => closeIfBound(container, PaymentVerifier),
    async () => closeIfBound(container, PaymentSettler),
    async () => database?.end(),
  ]);
  bindStaking(container, runtime.priceSource, runtime.market, runtime.config.chainMode === "embedded");
  bindScoring(container, runtime.config, runtime.market, runtime.quoteTokens);
  bindGating(container, runtime.config, runtime.chain.chainId);
  for (const useCase of USE_CASES) container.bind(useCase).toSelf();
  return container;
}
