import type { Address } from "../chain/address";

/** A transaction of a followed block, as much as the watcher reads. Hex is lowercase. */
export interface ActivityTransaction {
  readonly hash: string;
  readonly from: Address;
  readonly to: Address | null;
  readonly input: string;
  readonly success: boolean;
}

export interface ActivityLog {
  readonly address: Address;
  readonly topics: readonly string[];
  readonly data: string;
  readonly logIndex: number;
  readonly txHash: string;
}

/** One block of the stream the local index follows, with its raw logs and call data. */
export interface BlockActivity {
  readonly number: number;
  readonly hash: string;
  readonly parentHash: string;
  /** Chain time, seconds. */
  readonly timestamp: number;
  readonly transactions: readonly ActivityTransaction[];
  readonly logs: readonly ActivityLog[];
}
