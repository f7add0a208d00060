import type { ChainTransaction, ContractCreation, TokenTransfer } from "../../domain/chain/chain-types";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";

/** One followed block: decoded history (the index, the transfer graph) and raw activity (Protocol Guard). */
export interface StreamedBlock {
  readonly number: number;
  readonly timestamp: number;
  /** In block order. */
  readonly transactions: readonly ChainTransaction[];
  /** In log order. */
  readonly transfers: readonly TokenTransfer[];
  readonly creations: readonly ContractCreation[];
  /** Raw logs and call data, for the Protocol Guard watcher; the history index does not keep them. */
  readonly activity: BlockActivity;
}

/** The chain replaced blocks the stream had handed out: every block after `ancestor` is gone. */
export interface ChainReorg {
  /** The newest block the old and the new branch share. */
  readonly ancestor: { readonly number: number; readonly hash: string };
  /** The newest block handed out on the old branch (the old head). */
  readonly removed: { readonly number: number; readonly hash: string };
}

/** One consumer of the stream: it is handed, in order and once, every block after its position. */
export interface BlockSubscriber {
  /** Named in logs when it fails. */
  readonly name: string;
  /**
   * The last block it has kept: it is handed the blocks after it (a subscriber behind the others is
   * caught up in bounded steps). `null`: no history wanted, only blocks from the stream's head on.
   */
  position(): number | null;
  /**
   * Blocks `from..to` (every number in the range, some empty of activity), in order; resolves once
   * kept. A rejection leaves its position where it was: the range is offered again at the next poll.
   */
  receive(blocks: readonly StreamedBlock[], from: number, to: number): Promise<void>;
  /**
   * Called (before any block of the new branch) when its position is past `reorg.ancestor`: it drops what it
   * kept of the removed blocks and moves its position back to the ancestor. A rejection leaves the
   * reorganisation pending: it is found again, and offered again, at the next poll.
   */
  rollback(reorg: ChainReorg): Promise<void>;
}

/** New heads of the chain, followed once per process (or per deployment) and handed to every subscriber. */
export interface BlockStream {
  /** Starts handing blocks to `subscriber` from the next poll on. */
  subscribe(subscriber: BlockSubscriber): void;
  unsubscribe(subscriber: BlockSubscriber): void;
  /** The newest block handed out so far (where a first start begins watching), if any. */
  readonly latest: { readonly number: number; readonly hash: string } | undefined;
}

export const BlockStream = Symbol.for("BlockStream");
