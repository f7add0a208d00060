import type { Address } from "../../../domain/chain/address";

/** Operator configuration for staking discovery and the leaderboard indexer (decoded by infrastructure). */
export interface StakingSettings {
  /** Known staking contracts: always inspected, trusted for native amounts, and indexed for the leaderboard. */
  readonly stakingContracts: readonly Address[];
  /** Bound on the wallet's transaction history read. */
  readonly historyLimit: number;
  /** Bound on candidate transactions whose receipts are read (newest kept). */
  readonly maxReceipts: number;
  /** Staked/Unstaked events naming the wallet are read over this many recent blocks; null: from genesis. */
  readonly eventLookbackBlocks: number | null;
  /** Ring search: at most this many other wallets explored, each with this much history. */
  readonly ringSearchWallets: number;
  readonly ringSearchHistoryLimit: number;
  /** Leaderboard indexer: first block to index, and most blocks read per step. */
  readonly indexFromBlock: number;
  readonly indexMaxBlocksPerStep: number;
}

export const StakingSettings = Symbol.for("StakingSettings");

export const DEFAULT_STAKING_SETTINGS: StakingSettings = {
  stakingContracts: [],
  historyLimit: 1_000,
  maxReceipts: 200,
  eventLookbackBlocks: null,
  ringSearchWallets: 16,
  ringSearchHistoryLimit: 200,
  indexFromBlock: 0,
  indexMaxBlocksPerStep: 2_000,
};

export const stakingSettings = (overrides: Partial<StakingSettings> = {}): StakingSettings => ({
  ...DEFAULT_STAKING_SETTINGS,
  ...overrides,
});
