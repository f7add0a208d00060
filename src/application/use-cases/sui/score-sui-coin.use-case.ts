import * as TE from "fp-ts/TaskEither";
import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { coinRescoreDelayMs, scoreCoin, type CoinScore } from "../../../domain/sui/score-coin";
import type { CoinType } from "../../../domain/sui/sui-address";
import type { CoinMetadataFacts } from "../../../domain/sui/sui-facts";
import { Clock } from "../../ports/clock.port";
import { SuiChain, type SuiChainFailure } from "../../ports/sui-chain.port";
import { SuiSettings } from "./sui-settings";

export interface ScoredCoin extends CoinScore {
  readonly metadata: CoinMetadataFacts | null;
  readonly totalSupply: bigint | null;
  /** Wall clock, ISO 8601. */
  readonly scoredAt: string;
  readonly nextRescoreAt: string;
}

export type CoinScoringFailure =
  { readonly _tag: "CoinNotFound" } | { readonly _tag: "CoinUpstream"; readonly cause: SuiChainFailure };

const MAX_CACHED = 1_000;

/**
 * GET /api/coin: reads the coin's facts and scores them at chain time. A score is served from
 * memory until its nextRescoreAt (wall clock); concurrent requests for one coin share one read.
 * Failures are never cached.
 */
@injectable()
export class ScoreSuiCoin {
  private readonly cache = new Map<string, { value: ScoredCoin; until: number }>();
  private readonly inFlight = new Map<string, Promise<E.Either<CoinScoringFailure, ScoredCoin>>>();

  constructor(
    @inject(SuiChain) private readonly chain: SuiChain,
    @inject(Clock) private readonly clock: Clock,
    @inject(SuiSettings) private readonly settings: SuiSettings,
  ) {}

  execute(coinType: CoinType): TE.TaskEither<CoinScoringFailure, ScoredCoin> {
    return () => this.cachedOrShared(coinType);
  }

  private async cachedOrShared(coinType: CoinType): Promise<E.Either<CoinScoringFailure, ScoredCoin>> {
    const cached = this.cache.get(coinType);
    if (cached !== undefined && cached.until > this.clock.nowMs()) return E.right(cached.value);
    const pending = this.inFlight.get(coinType);
    if (pending !== undefined) return pending;
    const computation = this.compute(coinType);
    this.inFlight.set(coinType, computation);
    try {
      const result = await computation;
      if (E.isRight(result)) this.remember(coinType, result.right);
      return result;
    } finally {
      this.inFlight.delete(coinType);
    }
  }

  private remember(key: string, value: ScoredCoin): void {
    this.cache.delete(key);
    this.cache.set(key, { value, until: Date.parse(value.nextRescoreAt) });
    if (this.cache.size > MAX_CACHED) {
      const [oldest] = this.cache.keys();
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  private async compute(coinType: CoinType): Promise<E.Either<CoinScoringFailure, ScoredCoin>> {
    const now = await this.chain.chainNow()();
    if (E.isLeft(now)) return E.left({ _tag: "CoinUpstream", cause: now.left });
    const info = await this.chain.coinInfo(coinType)();
    if (E.isLeft(info)) return E.left({ _tag: "CoinUpstream", cause: info.left });
    if (info.right === null) return E.left({ _tag: "CoinNotFound" });
    const scored = scoreCoin(info.right, this.settings.verifiedCoins, now.right.timestampMs);
    const wallNow = this.clock.nowMs();
    return E.right({
      ...scored,
      metadata: info.right.metadata,
      totalSupply: info.right.supply.totalSupply,
      scoredAt: new Date(wallNow).toISOString(),
      nextRescoreAt: new Date(wallNow + coinRescoreDelayMs(info.right, now.right.timestampMs)).toISOString(),
    });
  }
}
