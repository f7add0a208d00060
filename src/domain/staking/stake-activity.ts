import type { Address } from "../chain/address";
import type { ChainTime, TxHash } from "../chain/chain-types";
import type { StakeKind } from "./staking-signatures";

/** What was staked: an ERC-20 token, or the chain's native coin (tx value). */
export type StakeAsset = Address | "native";

/** One stake or unstake, as read from a receipt (events, token transfers) and its transaction. */
export interface StakeActivity {
  readonly kind: StakeKind;
  /** Whose position it is: the event's `user`, or the sender when no event names one. */
  readonly staker: Address;
  /** Who sent the transaction; differs from `staker` for `stakeFor` (a ring edge candidate). */
  readonly payer: Address;
  readonly contract: Address;
  readonly asset: StakeAsset;
  /** Raw units of `asset`; 0 when the movement could not be verified on chain. */
  readonly amount: bigint;
  /** Unix seconds the stake is locked until, when the contract says so. */
  readonly lockUntil: ChainTime | null;
  readonly txHash: TxHash;
  /** Log index of the staking event; -1 when found by selector alone. Keys de-duplication. */
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly timestamp: ChainTime;
  /** The contract is in the operator's configured staking list. */
  readonly configured: boolean;
}

export interface PricedStakeActivity extends StakeActivity {
  /** Dollar size at discovery, or null when the asset has no price. */
  readonly usd: number | null;
}

export const activityKey = (activity: Pick<StakeActivity, "txHash" | "logIndex" | "staker">): string =>
  `${activity.txHash}:${activity.logIndex}:${activity.staker}`;

/** Chain order: block, then position in the block (selector-found activities first). */
export function byChainOrder(a: StakeActivity, b: StakeActivity): number {
  return a.blockNumber - b.blockNumber || a.timestamp - b.timestamp || a.logIndex - b.logIndex;
}

/** Whose stake the rules judge: the asset for token stakes, the staking contract for native ones. */
export const stakeTarget = (activity: Pick<StakeActivity, "asset" | "contract">): Address =>
  activity.asset === "native" ? activity.contract : activity.asset;
