import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { StakingJudgement } from "./staking-judgement";

export interface RankedWallet {
  readonly wallet: Address;
  readonly totalPoints: number;
  readonly judgement: StakingJudgement;
}

/** Highest points first; the address breaks ties so the order is total and stable. */
const before = (a: RankedWallet, b: RankedWallet): boolean =>
  a.totalPoints > b.totalPoints || (a.totalPoints === b.totalPoints && a.wallet < b.wallet);

/**
 * A sorted ranking evaluated at one chain time. Between rebuilds, a changed wallet moves by
 * binary search and splice: O(log n) to find, a memmove to shift, no full re-sort.
 */
export class LeaderboardRanking {
  private readonly byWallet = new Map<Address, RankedWallet>();

  private constructor(
    readonly at: ChainTime,
    private readonly entries: RankedWallet[],
  ) {
    for (const entry of entries) this.byWallet.set(entry.wallet, entry);
  }

  static of(at: ChainTime, entries: readonly RankedWallet[]): LeaderboardRanking {
    const sorted = [...entries].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    return new LeaderboardRanking(at, sorted);
  }

  get size(): number {
    return this.entries.length;
  }

  slice(offset: number, limit: number): readonly RankedWallet[] {
    return this.entries.slice(offset, offset + limit);
  }

  /** Puts the wallet at its new place, or takes it out when `entry` is null (flagged or pointless). */
  update(wallet: Address, entry: RankedWallet | null): void {
    const old = this.byWallet.get(wallet);
    if (old !== undefined) {
      this.entries.splice(this.indexFor(old), 1);
      this.byWallet.delete(wallet);
    }
    if (entry === null) return;
    this.entries.splice(this.indexFor(entry), 0, entry);
    this.byWallet.set(wallet, entry);
  }

  /** First index whose entry does not rank before `entry` (its own index when present). */
  private indexFor(entry: RankedWallet): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.entries[mid] as RankedWallet, entry)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
