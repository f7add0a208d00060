import { injectable } from "inversify";
import type { JournalEntry, SuiWriteJournal } from "../../application/ports/sui-write-journal.port";
import type { SuiAddress } from "../../domain/sui/sui-address";

/** Subjects remembered at most; the oldest write is forgotten first (its answer then carries digest null). */
const MAX_SUBJECTS = 100_000;

/** Keeps each subject's latest write in process memory (a restart forgets the digest, not the record). */
@injectable()
export class InMemorySuiWriteJournal implements SuiWriteJournal {
  private readonly latest = new Map<SuiAddress, JournalEntry>();

  async find(subject: SuiAddress, epoch: bigint): Promise<JournalEntry | null> {
    const entry = this.latest.get(subject);
    return entry !== undefined && entry.epoch === epoch ? entry : null;
  }

  async record(subject: SuiAddress, entry: JournalEntry): Promise<void> {
    this.latest.delete(subject);
    this.latest.set(subject, entry);
    if (this.latest.size > MAX_SUBJECTS) {
      const [oldest] = this.latest.keys();
      if (oldest !== undefined) this.latest.delete(oldest);
    }
  }
}
