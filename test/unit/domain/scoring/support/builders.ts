import type { Address } from "../../../../../src/domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  Hex,
  Page,
  TokenTransfer,
  TxHash,
} from "../../../../../src/domain/chain/chain-types";
import type { WalletProfile } from "../../../../../src/domain/scoring/profiles/wallet-profile";

export const DAY = 86_400;
/** Chain time the fixtures start at. */
export const T0 = 1_700_000_000;

export function addr(n: number): Address {
  return `0x${n.toString(16).padStart(40, "0")}` as Address;
}

let hashCounter = 1;
export function nextHash(): TxHash {
  return `0x${(hashCounter++).toString(16).padStart(64, "0")}` as TxHash;
}

export function complete<T>(items: readonly T[]): Page<T> {
  return { items, coverage: { complete: true, items: items.length } };
}

export function truncated<T>(items: readonly T[], truncatedAt: number): Page<T> {
  return { items, coverage: { complete: false, items: items.length, truncatedAt } };
}

export function tx(
  fields: Partial<ChainTransaction> & {
    readonly from: Address;
    readonly to: Address | null;
    readonly timestamp: number;
  },
): ChainTransaction {
  return {
    hash: nextHash(),
    blockNumber: Math.floor((fields.timestamp - T0) / 2) + 1,
    value: 0n,
    selector: "0x",
    success: true,
    ...fields,
  };
}

export function transfer(
  fields: Partial<TokenTransfer> & {
    readonly token: Address;
    readonly from: Address;
    readonly to: Address;
    readonly value: bigint;
    readonly timestamp: number;
  },
): TokenTransfer {
  return {
    standard: "ERC20",
    txHash: nextHash(),
    logIndex: 0,
    blockNumber: Math.floor((fields.timestamp - T0) / 2) + 1,
    ...fields,
  };
}

export function creation(contract: Address, creator: Address, timestamp: number): ContractCreation {
  return { contract, creator, txHash: nextHash(), blockNumber: Math.floor((timestamp - T0) / 2) + 1, timestamp };
}

/** Deterministic pseudo-random numbers, so fixtures vary without flaking. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Runtime code whose dispatcher pushes the given selectors (PUSH4 sel EQ), plus optional PUSH32 words. */
export function bytecodeWith(selectors: readonly string[], words: readonly string[] = []): Hex {
  const parts = ["6080604052"];
  for (const s of selectors) parts.push(`63${s}14`);
  for (const w of words) parts.push(`7f${w}54`);
  parts.push("00");
  return `0x${parts.join("")}` as Hex;
}

export const PLAIN_ERC20_CODE = bytecodeWith(["a9059cbb", "095ea7b3", "23b872dd", "70a08231", "18160ddd"]);

export function emptyWallet(address: Address): WalletProfile {
  return {
    address,
    transactions: complete([]),
    tokenTransfers: complete([]),
    nftTransfers: complete([]),
    nativeBalance: 0n,
    nativeDecimals: 18,
    nativeUnitUsd: 1,
    funding: null,
    tradedTokens: [],
    tradedTokensSkipped: 0,
    deployments: [],
    deploymentsSkipped: 0,
    staking: null,
    stakingContracts: [],
  };
}
