/**
 * The process's spending under CREDENCE_SPEND_LIMIT_ATOMIC. A price is reserved before anything is
 * signed; once the signed payment has been handed to the network it is spent whatever comes back
 * (a 502 or a lost connection may follow a settlement), and only a reservation that was never sent
 * is released. So `spent()` is what could have left the payer, and spent + reserved never passes the limit.
 */
export class SpendBudget {
  private spentAtomic = 0n;
  private reservedAtomic = 0n;

  constructor(private readonly limitAtomic: bigint) {}

  spent(): bigint {
    return this.spentAtomic;
  }

  /**
   * Synchronous on purpose: concurrent tool calls interleave only at awaits, so checking and
   * reserving in one step means two calls can never both fit into the same room.
   * Null when the price fits; otherwise why it was refused.
   */
  reserve(priceAtomic: bigint): string | null {
    const committed = this.spentAtomic + this.reservedAtomic;
    if (committed + priceAtomic > this.limitAtomic) {
      const inFlight = this.reservedAtomic > 0n ? ` (${this.reservedAtomic} of it in payments under way)` : "";
      return `price ${priceAtomic} would take spending to ${committed + priceAtomic}${inFlight}, past CREDENCE_SPEND_LIMIT_ATOMIC ${this.limitAtomic}`;
    }
    this.reservedAtomic += priceAtomic;
    return null;
  }

  /** The signed payment was sent: it may have moved. */
  spend(priceAtomic: bigint): void {
    this.reservedAtomic -= priceAtomic;
    this.spentAtomic += priceAtomic;
  }

  /** Nothing was sent for this reservation. */
  release(priceAtomic: bigint): void {
    this.reservedAtomic -= priceAtomic;
  }
}
