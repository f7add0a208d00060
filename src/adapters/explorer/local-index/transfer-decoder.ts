import { AbiCoder } from "ethers";
import { wordAt } from "../../../domain/chain/abi-words";
import { asAddress, type Address } from "../../../domain/chain/address";
import type { TokenTransfer, TxHash } from "../../../domain/chain/chain-types";

export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
export const TRANSFER_SINGLE_TOPIC = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
export const TRANSFER_BATCH_TOPIC = "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb";

/** A log as the indexer sees it, already in lowercase. */
export interface RawTransferLog {
  readonly address: Address;
  readonly topics: readonly string[];
  readonly data: string;
  readonly logIndex: number;
  readonly txHash: TxHash;
  readonly blockNumber: number;
  readonly timestamp: number;
}

const topicAddress = (topic: string): Address => asAddress(`0x${topic.slice(-40)}`);

/**
 * ERC-20 and ERC-721 share the Transfer signature and differ in how many topics are indexed:
 * three (value in data) for ERC-20, four (tokenId indexed) for ERC-721. A log that does not fit
 * its standard's shape is skipped, not fatal: any contract can emit any event.
 */
export function decodeTransfers(log: RawTransferLog): TokenTransfer[] {
  const base = {
    token: log.address,
    txHash: log.txHash,
    logIndex: log.logIndex,
    blockNumber: log.blockNumber,
    timestamp: log.timestamp,
  };
  const [topic0, t1, t2, t3] = log.topics;
  if (topic0 === TRANSFER_TOPIC && t1 !== undefined && t2 !== undefined) {
    if (log.topics.length === 3) {
      const value = wordAt(log.data, 0);
      return value === null
        ? []
        : [{ ...base, standard: "ERC20", from: topicAddress(t1), to: topicAddress(t2), value }];
    }
    if (log.topics.length === 4 && t3 !== undefined) {
      return [
        { ...base, standard: "ERC721", from: topicAddress(t1), to: topicAddress(t2), value: 1n, tokenId: BigInt(t3) },
      ];
    }
    return [];
  }
  if (log.topics.length !== 4 || t2 === undefined || t3 === undefined) return [];
  const parties = { from: topicAddress(t2), to: topicAddress(t3) };
  if (topic0 === TRANSFER_SINGLE_TOPIC) {
    const tokenId = wordAt(log.data, 0);
    const value = wordAt(log.data, 1);
    return tokenId === null || value === null ? [] : [{ ...base, ...parties, standard: "ERC1155", tokenId, value }];
  }
  if (topic0 === TRANSFER_BATCH_TOPIC)
    return decodeBatch(log.data).map(([tokenId, value]) => ({
      ...base,
      ...parties,
      standard: "ERC1155",
      tokenId,
      value,
    }));
  return [];
}

function decodeBatch(data: string): Array<[bigint, bigint]> {
  try {
    const decoded = AbiCoder.defaultAbiCoder().decode(["uint256[]", "uint256[]"], data).toArray(true) as [
      bigint[],
      bigint[],
    ];
    const [ids, values] = decoded;
    if (ids.length !== values.length) return [];
    return ids.map((id, i) => [id, values[i] ?? 0n]);
  } catch {
    return [];
  }
}
