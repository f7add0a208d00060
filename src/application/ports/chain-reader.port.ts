import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type {
  AddressKind,
  BlockRef,
  CallTrace,
  EventLog,
  Hex,
  TokenMetadata,
  TransactionSimulation,
  TxHash,
  TxReceipt,
} from "../../domain/chain/chain-types";
import type { UpstreamFailure } from "../failures";

export interface CallRequest {
  readonly to: Address;
  readonly data: Hex;
  readonly from?: Address;
  readonly value?: bigint;
  /** Gas the call may burn; left out, the node's own limit for eth_call (a block's gas on most nodes). */
  readonly gas?: bigint;
}

/** eth_call state overrides: pretend an account has this balance, code or storage. */
export type StateOverrides = Readonly<
  Record<
    Address,
    {
      readonly balance?: bigint;
      readonly code?: Hex;
      /** slot (32-byte hex) -> value (32-byte hex) */
      readonly stateDiff?: Readonly<Record<string, Hex>>;
    }
  >
>;

/** A call that reverted is an answer, not a failure: sell simulation needs to see it. */
export type CallOutcome =
  | { readonly ok: true; readonly returnData: Hex }
  | { readonly ok: false; readonly revertData: Hex; readonly reason: string | null };

export interface LogFilter {
  readonly address?: Address | readonly Address[];
  readonly topics?: readonly (Hex | readonly Hex[] | null)[];
  readonly fromBlock: number;
  readonly toBlock: number;
}

/** Current state of the chain, read through JSON-RPC. */
export interface ChainReader {
  /**
   * Runs `task` with every read it makes through this reader, at any depth, taken at block `blockNumber` instead
   * of the moving head, and each distinct read sent once while its answer is kept: one answer sees one state of
   * the chain, and answers computed at the same head (a batch) share their reads. `headBlock()` inside it is
   * that block. Reads outside such a task are taken at the head, every time.
   */
  atBlock<E, A>(blockNumber: number, task: TaskEither<E, A>): TaskEither<E, A>;
  chainId(): TaskEither<UpstreamFailure, number>;
  headBlock(): TaskEither<UpstreamFailure, BlockRef>;
  block(number: number): TaskEither<UpstreamFailure, BlockRef | null>;
  codeAt(address: Address): TaskEither<UpstreamFailure, Hex>;
  nativeBalance(address: Address): TaskEither<UpstreamFailure, bigint>;
  nonce(address: Address): TaskEither<UpstreamFailure, number>;
  receipt(hash: TxHash): TaskEither<UpstreamFailure, TxReceipt | null>;
  logs(filter: LogFilter): TaskEither<UpstreamFailure, readonly EventLog[]>;
  call(request: CallRequest, overrides?: StateOverrides): TaskEither<UpstreamFailure, CallOutcome>;
  /** One storage word (eth_getStorageAt at the head); `slot` is a 32-byte hex key. */
  storageAt(address: Address, slot: Hex): TaskEither<UpstreamFailure, Hex>;
  /**
   * The calls a call at the head makes (debug_traceCall: the call tree where the node serves callTracer, else the
   * opcode trace), summarized; null when the node does not serve tracing (most public RPCs), which callers state
   * as a limitation.
   */
  traceCall(request: CallRequest): TaskEither<UpstreamFailure, CallTrace | null>;
  /**
   * Runs a transaction on the current head without sending it: its outcome and the logs and value moves it would
   * leave (one debug_traceCall with callTracer where served, else eth_call beside a struct-log trace); `effects` is
   * null where the node serves no tracing.
   */
  simulate(request: CallRequest & { readonly gas?: bigint }): TaskEither<UpstreamFailure, TransactionSimulation>;
  /** The calldata a mined transaction carried; null when the node does not know the transaction. */
  transactionInput(hash: TxHash): TaskEither<UpstreamFailure, Hex | null>;
  /** EOA, ERC-20, ERC-721, ERC-1155 or another contract, by code, ERC-165 and probing. */
  classify(address: Address): TaskEither<UpstreamFailure, AddressKind>;
  tokenMetadata(token: Address): TaskEither<UpstreamFailure, TokenMetadata>;
  tokenBalance(token: Address, holder: Address): TaskEither<UpstreamFailure, bigint>;
}

export const ChainReader = Symbol.for("ChainReader");
