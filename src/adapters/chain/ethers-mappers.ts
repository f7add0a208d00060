import type { Block, Log, TransactionReceipt } from "ethers";
import { asAddress } from "../../domain/chain/address";
import type { BlockRef, EventLog, TxReceipt } from "../../domain/chain/chain-types";
import { asHex, asTxHash } from "../shared/hex-values";

/** ethers objects stop here: everything past this file is domain types. */
export function toBlockRef(block: Block): BlockRef {
  if (block.number === null || block.hash === null) throw new Error("pending block has no number or hash");
  return { number: block.number, timestamp: block.timestamp, hash: block.hash.toLowerCase() };
}

export function toEventLog(log: Log): EventLog {
  return {
    address: asAddress(log.address),
    topics: log.topics.map(asHex),
    data: asHex(log.data),
    blockNumber: log.blockNumber,
    txHash: asTxHash(log.transactionHash),
    logIndex: log.index,
  };
}

export function toTxReceipt(receipt: TransactionReceipt): TxReceipt {
  return {
    hash: asTxHash(receipt.hash),
    blockNumber: receipt.blockNumber,
    from: asAddress(receipt.from),
    to: receipt.to === null ? null : asAddress(receipt.to),
    // Pre-Byzantium receipts carry no status; such old transactions are treated as successful.
    success: receipt.status !== 0,
    contractAddress: receipt.contractAddress === null ? null : asAddress(receipt.contractAddress),
    logs: receipt.logs.map(toEventLog),
  };
}
