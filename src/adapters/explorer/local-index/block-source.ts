import type { IndexedBlock } from "./indexed-block";

/** The newest block of a source. */
export interface ChainHead {
  readonly number: number;
  readonly hash: string;
}

export interface BlockSource {
  /** The newest block (number and hash in one read), null when there is none yet (nothing published). */
  head(): Promise<ChainHead | null>;
  /** Blocks `from..to` inclusive, every number, in order. */
  fetchRange(from: number, to: number): Promise<IndexedBlock[]>;
  /** Forgets what it keeps of the blocks after `ancestor` (a reorganisation removed them); before any subscriber. */
  rollback?(ancestor: number): Promise<void>;
  /**
   * The newest `count` blocks handed out before this process started (a durable source: the published blocks),
   * oldest first: the first pass checks the chain against them, so a reorganisation while down is rolled back.
   */
  handedOutBefore?(count: number): Promise<readonly ChainHead[]>;
}
