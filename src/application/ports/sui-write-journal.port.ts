import type { SuiAddress } from "../../domain/sui/sui-address";
import type { MintedCapability } from "../../domain/sui/sui-facts";

export interface JournalEntry {
  readonly digest: string;
  readonly epoch: bigint;
  readonly capability: MintedCapability | null;
}

/**
 * The oracle's own record of its registry writes, so a second request in the same epoch can
 * answer with the earlier transaction's digest and capability without writing again.
 */
export interface SuiWriteJournal {
  find(subject: SuiAddress, epoch: bigint): Promise<JournalEntry | null>;
  record(subject: SuiAddress, entry: JournalEntry): Promise<void>;
}

export const SuiWriteJournal = Symbol.for("SuiWriteJournal");
