import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { PricedStakeActivity } from "./stake-activity";
import type { StakeAgeReset, TokenDeployment } from "./staking-evidence";
import type { TargetTier } from "./target-trust";

/** What one ingestion step (a block or a range of blocks) learned about stakers on the known contracts. */
export interface LeaderboardBatch {
  /** Last block the batch covers; the leaderboard ranks as of this block's time. */
  readonly toBlock: number;
  readonly now: ChainTime;
  readonly activities: readonly PricedStakeActivity[];
  /** Latest trust tier of each stake target seen in the batch. */
  readonly targetTiers: ReadonlyMap<Address, TargetTier | null>;
  /** Creator of staked tokens and staking contracts, where known. */
  readonly deployers: ReadonlyMap<Address, Address>;
  /** `owner()` of staking contracts (null: not Ownable). */
  readonly vaultOwners: ReadonlyMap<Address, Address | null>;
  /** Token deployments of wallets in the batch (replaces what was known). */
  readonly deployments: ReadonlyMap<Address, readonly TokenDeployment[]>;
  /** Stake-age resets of wallets in the batch (replaces what was known). */
  readonly ageResets: ReadonlyMap<Address, readonly StakeAgeReset[]>;
}

export interface LeaderboardRow {
  readonly rank: number;
  readonly wallet: Address;
  readonly committedScore: number;
  readonly totalPoints: number;
  readonly stakeEvents: number;
  readonly uniqueStakeContracts: number;
  readonly longestLockDays: number;
}

export interface LeaderboardPage {
  readonly rows: readonly LeaderboardRow[];
  /** Ranked wallets in all (flagged and zero-point wallets are not ranked). */
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  /** Chain time and block the ranking reflects; null before anything was ingested. */
  readonly asOf: ChainTime | null;
  readonly asOfBlock: number | null;
}

export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

/** SPEC-style paging: limit defaults to 50 and is clamped to 1..100; offset is a non-negative integer. */
export function clampLeaderboardPage(
  limit: number | undefined,
  offset: number | undefined,
): { limit: number; offset: number } {
  const wanted = limit === undefined || !Number.isFinite(limit) ? LEADERBOARD_DEFAULT_LIMIT : Math.trunc(limit);
  const skip = offset === undefined || !Number.isFinite(offset) ? 0 : Math.trunc(offset);
  return { limit: Math.min(LEADERBOARD_MAX_LIMIT, Math.max(1, wanted)), offset: Math.max(0, skip) };
}
