import type {
  ChainTransaction,
  ContractCreation,
  TokenStandard,
  TokenTransfer,
  TxHash,
} from "../../../domain/chain/chain-types";
import { selectorOf } from "../../shared/hex-values";
import type { CreationRow, TokenTransferRow, TxRow } from "./blockscout-codecs";

const SELECTOR = /^0x[0-9a-f]{8}$/;

export function toChainTransaction(row: TxRow): ChainTransaction {
  const methodId = row.methodId?.toLowerCase();
  return {
    hash: row.hash.toLowerCase() as TxHash,
    blockNumber: row.blockNumber,
    timestamp: row.timeStamp,
    from: row.from,
    to: row.to === "" ? null : row.to,
    value: row.value,
    selector: methodId !== undefined && SELECTOR.test(methodId) ? methodId : selectorOf(row.input),
    // Pre-Byzantium rows have an empty txreceipt_status; isError alone decides then.
    success: row.isError === "0" && row.txreceipt_status !== "0",
    ...(row.contractAddress === "" ? {} : { contractCreated: row.contractAddress }),
  };
}

/** One row is one transfer, except an ERC-1155 batch listed with `tokenIDs`/`values`. */
export function toTokenTransfers(row: TokenTransferRow, standard: TokenStandard): TokenTransfer[] {
  const base = {
    standard,
    token: row.contractAddress,
    from: row.from,
    to: row.to,
    txHash: row.hash.toLowerCase() as TxHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber,
    timestamp: row.timeStamp,
  };
  if (standard === "ERC20") return row.value === undefined ? [] : [{ ...base, value: row.value }];
  if (standard === "ERC721") return row.tokenID === undefined ? [] : [{ ...base, value: 1n, tokenId: row.tokenID }];
  if (row.tokenIDs !== undefined)
    return row.tokenIDs.map((tokenId, i) => ({ ...base, tokenId, value: row.values?.[i] ?? 1n }));
  // Some versions omit the amount of a single ERC-1155 transfer; one unit is the common case.
  return row.tokenID === undefined ? [] : [{ ...base, tokenId: row.tokenID, value: row.tokenValue ?? row.value ?? 1n }];
}

export function toContractCreation(row: CreationRow): ContractCreation {
  return {
    contract: row.contractAddress,
    creator: row.contractCreator,
    txHash: row.txHash.toLowerCase() as TxHash,
    blockNumber: row.blockNumber ?? null,
    timestamp: row.timestamp ?? null,
  };
}

export function byChainOrder(a: TokenTransfer, b: TokenTransfer): number {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
}
