/**
 * Answers to reads pinned to a block number, kept briefly so one question is sent to the node once.
 *
 * State at a given block does not change, so an answer is reusable as long as the block stands: entries live
 * `ttlMs` (a short reorg window) and at most `maxEntries` are kept, the oldest dropped first. A read that fails
 * is forgotten at once, so the next asker tries again. Reads at "latest" never come here.
 */
export class PinnedReadMemo {
  private readonly entries = new Map<string, { readonly since: number; readonly answer: Promise<unknown> }>();

  constructor(
    private readonly options: { readonly ttlMs: number; readonly maxEntries: number; readonly nowMs: () => number },
  ) {}

  /** `keep`: whether a settled answer may be reused (a missing receipt may appear later; it is asked again). */
  read<T>(key: string, load: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
    const now = this.options.nowMs();
    const held = this.entries.get(key);
    if (held !== undefined && now - held.since < this.options.ttlMs) return held.answer as Promise<T>;
    if (held !== undefined) this.entries.delete(key);
    const answer = load();
    this.entries.set(key, { since: now, answer });
    const forget = () => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    };
    answer.then((value) => (keep(value) ? undefined : forget()), forget);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }
}
