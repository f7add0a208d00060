import type { ChainTransaction, ContractCreation, TokenTransfer } from "../../../domain/chain/chain-types";
import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";

/** One block, decoded into what the history index keeps. */
export interface IndexedBlock {
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
