import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { DAY_SECONDS } from "../thresholds";
import type { WalletProfile } from "../profiles/wallet-profile";
import { ageDays, round2, toUnits } from "../common/math";

export interface WalletActivity {
  readonly firstSeen: ChainTime | null;
  readonly ageDays: number;
  readonly activeDays: number;
  readonly activeMonths: number;
  readonly transactionCount: number;
  readonly sentCount: number;
  readonly counterparties: number;
  /** Distinct contracts the wallet called (transactions it sent with calldata). */
  readonly contractsCalled: number;
  /** Interactions per counterparty (transactions and token transfers), for concentration. */
  readonly interactions: ReadonlyMap<Address, number>;
  readonly balanceUsd: number | null;
}

function monthIndex(timestamp: ChainTime): number {
  const date = new Date(timestamp * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** One pass over transactions and transfers. */
export function walletActivity(profile: WalletProfile, now: ChainTime): WalletActivity {
  const self = profile.address;
  const days = new Set<number>();
  const months = new Set<number>();
  const interactions = new Map<Address, number>();
  const contracts = new Set<Address>();
  let firstSeen: ChainTime | null = null;
  let sentCount = 0;
  const touch = (timestamp: ChainTime, other: Address | null): void => {
    if (firstSeen === null || timestamp < firstSeen) firstSeen = timestamp;
    const day = Math.floor(timestamp / DAY_SECONDS);
    if (!days.has(day)) {
      days.add(day);
      months.add(monthIndex(timestamp));
    }
    if (other !== null && other !== self && other !== ZERO_ADDRESS)
      interactions.set(other, (interactions.get(other) ?? 0) + 1);
  };
  for (const tx of profile.transactions.items) {
    const sent = tx.from === self;
    touch(tx.timestamp, sent ? tx.to : tx.from);
    if (!sent) continue;
    sentCount++;
    if (tx.to !== null && tx.selector !== "0x" && tx.to !== self) contracts.add(tx.to);
  }
  for (const list of [profile.tokenTransfers.items, profile.nftTransfers.items]) {
    for (const t of list) touch(t.timestamp, t.from === self ? t.to : t.from);
  }
  const balance = toUnits(profile.nativeBalance, profile.nativeDecimals);
  return {
    firstSeen,
    ageDays: firstSeen === null ? 0 : round2(ageDays(firstSeen, now)),
    activeDays: days.size,
    activeMonths: months.size,
    transactionCount: profile.transactions.items.length,
    sentCount,
    counterparties: interactions.size,
    contractsCalled: contracts.size,
    interactions,
    balanceUsd: profile.nativeUnitUsd === null ? null : round2(balance * profile.nativeUnitUsd),
  };
}
