import type { Address } from "../../domain/chain/address";
import type { SanctionsHit } from "../../domain/sanctions/sanctions-list";

/** One list in use, as the sanctions endpoint reports it. */
export interface SanctionsListInfo {
  readonly list: string;
  readonly source: string;
  readonly listDate: string;
  readonly entries: number;
}

/** The sanctions lists in use (read at start-up): is an address on one, and which. */
export interface SanctionsList {
  lookup(address: Address): SanctionsHit | null;
  lists(): readonly SanctionsListInfo[];
}

export const SanctionsList = Symbol.for("SanctionsList");
