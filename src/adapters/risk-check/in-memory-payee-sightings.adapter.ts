import type { Task } from "fp-ts/Task";
import type { PayeeSightings } from "../../application/use-cases/risk-check/payee-check.ports";
import type { Address } from "../../domain/chain/address";

/**
 * The sites each payTo was seen asking payment for, in this process, bounded: at most `maxPayees` payTo
 * (the least recently seen is forgotten first) and `maxSitesPerPayee` sites each (past it the count
 * stays at the bound: "many" is all a caller needs to know).
 */
export class InMemoryPayeeSightings implements PayeeSightings {
  private readonly seen = new Map<Address, Set<string>>();

  constructor(
    private readonly maxPayees = 10_000,
    private readonly maxSitesPerPayee = 64,
  ) {}

  record(payTo: Address, site: string): Task<number> {
    return async () => {
      const sites = this.seen.get(payTo) ?? new Set<string>();
      this.seen.delete(payTo);
      this.seen.set(payTo, sites);
      if (sites.size < this.maxSitesPerPayee) sites.add(site);
      while (this.seen.size > this.maxPayees) {
        const oldest = this.seen.keys().next().value;
        if (oldest === undefined) break;
        this.seen.delete(oldest);
      }
      return sites.size;
    };
  }
}
