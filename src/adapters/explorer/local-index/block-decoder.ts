import { asAddress } from "../../../domain/chain/address";
import type { ChainTransaction, ContractCreation, TokenTransfer } from "../../../domain/chain/chain-types";
import { asTxHash, quantityToBigInt, quantityToNumber, selectorOf } from "../../shared/hex-values";
import type { ActivityLog, ActivityTransaction } from "../../../domain/protocol-guard/block-activity";
import type { IndexedBlock } from "./indexed-block";
import type { RpcBlock, RpcReceipt } from "./rpc-codecs";
import { decodeTransfers } from "./transfer-decoder";

/** Joins a block's transactions with their receipts into domain history. */
export function decodeBlock(block: RpcBlock, receipts: ReadonlyMap<string, RpcReceipt>): IndexedBlock {
  const number = quantityToNumber(block.number);
  const timestamp = quantityToNumber(block.timestamp);
  const transactions: ChainTransaction[] = [];
  const transfers: TokenTransfer[] = [];
  const creations: ContractCreation[] = [];
  const calls: ActivityTransaction[] = [];
  const logs: ActivityLog[] = [];
  for (const tx of block.transactions) {
    const hash = asTxHash(tx.hash);
    const receipt = receipts.get(hash);
    if (receipt === undefined) throw new Error(`block ${number}: no receipt for ${hash}`);
    const from = asAddress(tx.from);
    const success = receipt.status == null || quantityToNumber(receipt.status) === 1;
    // Some nodes fill contractAddress even when the deployment reverted; no contract exists then.
    const created = receipt.contractAddress == null || !success ? undefined : asAddress(receipt.contractAddress);
    transactions.push({
      hash,
      blockNumber: number,
      timestamp,
      from,
      to: tx.to == null ? null : asAddress(tx.to),
      value: quantityToBigInt(tx.value),
      selector: selectorOf(tx.input),
      success,
      ...(created === undefined ? {} : { contractCreated: created }),
    });
    calls.push({ hash, from, to: tx.to == null ? null : asAddress(tx.to), input: tx.input.toLowerCase(), success });
    if (created !== undefined)
      creations.push({ contract: created, creator: from, origin: from, txHash: hash, blockNumber: number, timestamp });
    for (const log of receipt.logs) {
      const raw = {
        address: asAddress(log.address),
        topics: log.topics.map((topic) => topic.toLowerCase()),
        data: log.data.toLowerCase(),
        logIndex: quantityToNumber(log.logIndex),
        txHash: hash,
      };
      logs.push(raw);
      transfers.push(...decodeTransfers({ ...raw, blockNumber: number, timestamp }));
    }
  }
  transfers.sort((a, b) => a.logIndex - b.logIndex);
  logs.sort((a, b) => a.logIndex - b.logIndex);
  const activity = {
    number,
    hash: block.hash.toLowerCase(),
    parentHash: (block.parentHash ?? "").toLowerCase(),
    timestamp,
    transactions: calls,
    logs,
  };
  return { number, timestamp, transactions, transfers, creations, activity };
}
