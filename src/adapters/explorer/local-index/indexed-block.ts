import type { ChainTransaction, ContractCreation, TokenTransfer } from "../../../domain/chain/chain-types";

/** One block, decoded into what the history index keeps. */
export interface IndexedBlock {
  readonly number: number;
  readonly timestamp: number;
  /** In block order. */
  readonly transactions: readonly ChainTransaction[];
  /** In log order. */
  readonly transfers: readonly TokenTransfer[];
  readonly creations: readonly ContractCreation[];
}
