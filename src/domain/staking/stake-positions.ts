import type { Address } from "../chain/address";
import type { ChainTime, TxHash } from "../chain/chain-types";
import type { PricedStakeActivity, StakeAsset } from "./stake-activity";
import { byChainOrder } from "./stake-activity";

/** A stretch of capital held in one staking contract: one stake, closed (in part) by an unstake or still open. */
export interface StakePosition {
  readonly staker: Address;
  readonly payer: Address;
  readonly contract: Address;
  readonly asset: StakeAsset;
  readonly amount: bigint;
  readonly usd: number | null;
  readonly start: ChainTime;
  readonly lockUntil: ChainTime | null;
  /** When it was unstaked; null while still staked. */
  readonly end: ChainTime | null;
  readonly stakeTx: TxHash;
  readonly unstakeTx: TxHash | null;
  readonly configured: boolean;
}

function share(usd: number | null, part: bigint, whole: bigint): number | null {
  if (usd === null || whole === 0n) return usd;
  return (usd * Number((part * 1_000_000n) / whole)) / 1_000_000;
}

/**
 * Rebuilds a staker's positions. Unstakes close the newest stake first (LIFO): an old stake
 * keeps its age when a fresh top-up is withdrawn. An unstake of unknown amount (0) or of a
 * different asset closes everything held in that contract, the conservative reading.
 */
export function buildPositions(staker: Address, activities: readonly PricedStakeActivity[]): StakePosition[] {
  const open = new Map<Address, StakePosition[]>();
  const closed: StakePosition[] = [];
  for (const activity of [...activities].sort(byChainOrder)) {
    if (activity.staker !== staker) continue;
    const lots = open.get(activity.contract) ?? [];
    open.set(activity.contract, lots);
    if (activity.kind === "stake") {
      lots.push({
        staker,
        payer: activity.payer,
        contract: activity.contract,
        asset: activity.asset,
        amount: activity.amount,
        usd: activity.usd,
        start: activity.timestamp,
        lockUntil: activity.lockUntil,
        end: null,
        stakeTx: activity.txHash,
        unstakeTx: null,
        configured: activity.configured,
      });
      continue;
    }
    const closeAll = activity.amount === 0n || lots.some((lot) => lot.asset !== activity.asset);
    let remaining = activity.amount;
    while (lots.length > 0 && (closeAll || remaining > 0n)) {
      const lot = lots.pop() as StakePosition;
      const ended = { end: activity.timestamp, unstakeTx: activity.txHash };
      if (closeAll || lot.amount <= remaining) {
        closed.push({ ...lot, ...ended });
        remaining -= lot.amount;
        continue;
      }
      closed.push({ ...lot, ...ended, amount: remaining, usd: share(lot.usd, remaining, lot.amount) });
      lots.push({ ...lot, amount: lot.amount - remaining, usd: share(lot.usd, lot.amount - remaining, lot.amount) });
      remaining = 0n;
    }
  }
  return [...closed, ...[...open.values()].flat()].sort((a, b) => a.start - b.start);
}
