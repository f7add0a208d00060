import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  Page,
  TokenHolding,
  TokenTransfer,
} from "../../domain/chain/chain-types";
import type { UpstreamFailure } from "../failures";

/** Bounds a read; adapters page internally up to `limit` items and report coverage. */
export interface HistoryQuery {
  /** At most this many items (newest kept when truncating). Adapters have a default bound. */
  readonly limit?: number;
}

/**
 * The history of addresses and tokens, as an explorer (or our own index) knows it.
 * Every list is bounded and says how much it saw.
 */
export interface ExplorerHistory {
  /** Transactions sent or received by the address, oldest first. */
  transactionsOf(address: Address, query?: HistoryQuery): TaskEither<UpstreamFailure, Page<ChainTransaction>>;
  /** ERC-20 transfers into or out of the address, oldest first. */
  tokenTransfersOf(address: Address, query?: HistoryQuery): TaskEither<UpstreamFailure, Page<TokenTransfer>>;
  /** ERC-721 and ERC-1155 transfers into or out of the address, oldest first. */
  nftTransfersOf(address: Address, query?: HistoryQuery): TaskEither<UpstreamFailure, Page<TokenTransfer>>;
  /** Every transfer of one token contract (any standard), oldest first. */
  transfersOfToken(token: Address, query?: HistoryQuery): TaskEither<UpstreamFailure, Page<TokenTransfer>>;
  /** Who created the contract and in which transaction; null for an EOA or unknown address. */
  contractCreation(contract: Address): TaskEither<UpstreamFailure, ContractCreation | null>;
  /** Current holders with a non-zero balance, largest first. */
  holdersOf(token: Address, query?: HistoryQuery): TaskEither<UpstreamFailure, Page<TokenHolding>>;
}

export const ExplorerHistory = Symbol.for("ExplorerHistory");
