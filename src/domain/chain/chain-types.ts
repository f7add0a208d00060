import type { Address } from "./address";

/** 0x-prefixed 32-byte hex transaction hash, lowercase. */
export type TxHash = string & { readonly __brand: "TxHash" };
/** 0x-prefixed hex data (calldata, bytecode, return data), lowercase. */
export type Hex = string & { readonly __brand: "Hex" };

/** Unix seconds on the chain's own clock (block timestamps), never the wall clock. */
export type ChainTime = number;

export interface BlockRef {
  readonly number: number;
  readonly timestamp: ChainTime;
  readonly hash: string;
}

export interface ChainTransaction {
  readonly hash: TxHash;
  readonly blockNumber: number;
  readonly timestamp: ChainTime;
  readonly from: Address;
  /** null for a contract creation. */
  readonly to: Address | null;
  readonly value: bigint;
  /** First four bytes of calldata (`0x` + 8 hex), or `0x` for a plain value transfer. */
  readonly selector: string;
  readonly success: boolean;
  /** Set when the transaction created a contract. */
  readonly contractCreated?: Address;
}

export type TokenStandard = "ERC20" | "ERC721" | "ERC1155";

export interface TokenTransfer {
  readonly standard: TokenStandard;
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  /** Amount in the token's smallest unit; 1 for an ERC-721 transfer. */
  readonly value: bigint;
  /** Set for ERC-721 and ERC-1155. */
  readonly tokenId?: bigint;
  readonly txHash: TxHash;
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly timestamp: ChainTime;
}

export interface EventLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockNumber: number;
  readonly txHash: TxHash;
  readonly logIndex: number;
}

export interface TxReceipt {
  readonly hash: TxHash;
  readonly blockNumber: number;
  readonly from: Address;
  readonly to: Address | null;
  readonly success: boolean;
  readonly contractAddress: Address | null;
  readonly logs: readonly EventLog[];
}

export interface ContractCreation {
  readonly contract: Address;
  /** Who executed the creation: the deploying account, or the factory contract for a contract-made one. */
  readonly creator: Address;
  /** The account that sent the creating transaction (differs from `creator` for factory-made contracts), when known. */
  readonly origin?: Address;
  readonly txHash: TxHash;
  readonly blockNumber: number | null;
  readonly timestamp: ChainTime | null;
}

export interface TokenHolding {
  readonly holder: Address;
  readonly balance: bigint;
}

/** What kind of account lives at an address, by probing its code and interfaces. */
export type AddressKind = "eoa" | "erc20" | "erc721" | "erc1155" | "contract";

export interface TokenMetadata {
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly totalSupply: bigint | null;
}

/**
 * How much of a history a read saw. Scoring states limitations from this instead of
 * silently treating one page as the whole story.
 */
export type Coverage =
  | { readonly complete: true; readonly items: number }
  | {
      readonly complete: false;
      readonly items: number;
      /** The read stopped after this many items (the configured bound). */
      readonly truncatedAt: number;
      /** Items before this block were not read, when known. */
      readonly fromBlock?: number;
    };

export interface Page<T> {
  readonly items: readonly T[];
  readonly coverage: Coverage;
}

/** A message call made while executing a traced call (debug_traceCall's opcode log, summarized). */
export interface TracedCall {
  readonly op: "CALL" | "CALLCODE" | "DELEGATECALL" | "STATICCALL";
  /** Call depth of the caller: 1 is the traced contract itself. */
  readonly depth: number;
  /** Null when the node traced calls, not opcodes (callTracer). */
  readonly pc: number | null;
  readonly to: Address;
}

/** What a traced call did: the calls it made and the storage slots it wrote, by depth. */
export interface CallTrace {
  readonly failed: boolean;
  readonly calls: readonly TracedCall[];
  /** Null (with `steps`) when the node traced calls, not opcodes (callTracer): unknown, not absent. */
  readonly storageWrites: readonly { readonly depth: number; readonly pc: number; readonly slot: Hex }[] | null;
  readonly steps: number | null;
}

/** A log a simulated call emitted (not mined: no block, hash or index). */
export interface SimulatedLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

/** A call of a simulation that carried native value (the top call included). */
export interface NativeValueMove {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
}

/**
 * A transaction simulated on the current head without being sent. `logs` and `valueMoves` are those of the calls
 * that did not revert; null when the node serves no tracing, so the effects are unknown (not absent).
 */
export interface TransactionSimulation {
  readonly blockNumber: number;
  readonly outcome:
    | { readonly ok: true; readonly returnData: Hex }
    | { readonly ok: false; readonly revertData: Hex; readonly reason: string | null };
  readonly effects: {
    readonly logs: readonly SimulatedLog[];
    readonly valueMoves: readonly NativeValueMove[];
  } | null;
}
