import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { isBurnAddress } from "../market/privileged";
import type { PoolFacts } from "../profiles/market";

/** One LP holder that is a contract, as the chain answered: a lock when it exposes a release time. */
export interface LpHolderContract {
  readonly holder: Address;
  /** Unix seconds from releaseTime() / unlockTime() / unlockDate() / lockedUntil(); null when none answered. */
  readonly releaseTime: ChainTime | null;
  /** Which view answered, e.g. "releaseTime()". */
  readonly via: string | null;
  readonly beneficiary: Address | null;
}

/** What the assembler read about the deepest pool's LP holders (at most a bound of them). */
export interface LpLockReadings {
  readonly pool: Address;
  /** LP holders that are contracts, with what their lock views answered. */
  readonly contracts: readonly LpHolderContract[];
  /** LP holders left unread past the bound (their LP could be locked or not). */
  readonly skipped: number;
}

export interface LpLocker {
  readonly address: Address;
  readonly percent: number;
  readonly unlockAt: ChainTime;
  readonly beneficiary: Address | null;
  readonly via: string;
  /** The release time has passed: the LP can be withdrawn, so it counts as unlocked. */
  readonly expired: boolean;
}

export interface LpLockFacts {
  /** Of the pool's outstanding LP, held by locks whose release time is still ahead; null when unknown. */
  readonly lockedPercent: number | null;
  /** The earliest release time among running locks (chain time), null when none runs or it is unknown. */
  readonly lockedUntil: ChainTime | null;
  readonly lockers: readonly LpLocker[];
  readonly unknown: readonly string[];
}

/** LP balances by holder from the pool's LP transfers, largest first (the pool, 0x0 and burn addresses left out). */
export function lpBalances(pool: PoolFacts): { readonly holder: Address; readonly balance: bigint }[] {
  const balances = new Map<Address, bigint>();
  for (const t of pool.lpTransfers.items) {
    if (t.from !== ZERO_ADDRESS) balances.set(t.from, (balances.get(t.from) ?? 0n) - t.value);
    balances.set(t.to, (balances.get(t.to) ?? 0n) + t.value);
  }
  return [...balances]
    .filter(([holder, balance]) => balance > 0n && holder !== pool.pool && !isBurnAddress(holder))
    .map(([holder, balance]) => ({ holder, balance }))
    .sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0));
}

/** A release time must read as unix seconds before this (year 2286), not an amount or an address. */
const MAX_TIMESTAMP = 10_000_000_000n;

/** A lock view's answer as a release time, or null when it is no plausible timestamp. */
export function releaseTimeOf(word: bigint | null): ChainTime | null {
  return word !== null && word > 0n && word < MAX_TIMESTAMP ? Number(word) : null;
}

const pct = (part: bigint, whole: bigint): number =>
  whole <= 0n ? 0 : Math.round(Number((part * 1_000_000n) / whole) / 100) / 100;

/**
 * Locked share of the deepest pool's LP: LP held by contracts exposing a release time still ahead of `now`
 * (chain time). An expired lock counts as unlocked. LP held by a contract whose lock terms did not answer, or
 * by holders left unread, makes the share unknown (null with the reason) unless a running lock was found.
 */
export function lpLockFacts(
  pool: PoolFacts,
  outstanding: bigint,
  readings: LpLockReadings | null,
  now: ChainTime,
): LpLockFacts {
  if (readings === null || readings.pool !== pool.pool)
    return {
      lockedPercent: null,
      lockedUntil: null,
      lockers: [],
      unknown: ["LP holders were not read: locked LP share and unlock time are unknown."],
    };
  const balances = new Map(lpBalances(pool).map((b) => [b.holder, b.balance]));
  const lockers: LpLocker[] = readings.contracts
    .filter((c) => c.releaseTime !== null && c.via !== null)
    .map((c) => ({
      address: c.holder,
      percent: pct(balances.get(c.holder) ?? 0n, outstanding),
      unlockAt: c.releaseTime!,
      beneficiary: c.beneficiary,
      via: c.via!,
      expired: c.releaseTime! <= now,
    }));
  const running = lockers.filter((l) => !l.expired);
  const unreadable = readings.contracts.filter((c) => c.releaseTime === null);
  const unknown: string[] = [];
  if (unreadable.length > 0)
    unknown.push(
      `${unreadable.length} contract(s) hold LP without a readable release time (${unreadable.map((c) => c.holder).join(", ")}): their LP may be locked.`,
    );
  if (readings.skipped > 0) unknown.push(`${readings.skipped} smaller LP holder(s) were not checked for locks.`);
  if (!pool.lpTransfers.coverage.complete) unknown.push("LP transfers are truncated: LP shares are lower bounds.");
  const locked = running.reduce((sum, l) => sum + (balances.get(l.address) ?? 0n), 0n);
  const lockedPercent = running.length === 0 && unknown.length > 0 ? null : pct(locked, outstanding);
  if (lockedPercent === null) unknown.unshift("Locked LP share is unknown.");
  const lockedUntil = running.length === 0 ? null : Math.min(...running.map((l) => l.unlockAt));
  return { lockedPercent, lockedUntil, lockers, unknown };
}
