import { addressFromWord, wordAt } from "../chain/abi-words";
import type { Address } from "../chain/address";
import type { ActivityLog, ActivityTransaction, BlockActivity } from "./block-activity";
import type { ParsedSignature, WatchedContract } from "./watched-contracts";

/** A log or a call on a watched contract. `signature` is absent when the contract watches everything. */
export type WatchMatch =
  | {
      readonly kind: "call";
      readonly contract: Address;
      readonly tx: ActivityTransaction;
      /** `call:<txHash>`: with the wallet, what makes an on-chain event unique. */
      readonly key: string;
      readonly signature?: ParsedSignature;
    }
  | {
      readonly kind: "log";
      readonly contract: Address;
      readonly tx: ActivityTransaction;
      readonly key: string;
      readonly log: ActivityLog;
      readonly signature?: ParsedSignature;
    };

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/**
 * Which logs and calls of `block` a set of watched contracts cares about. A contract with neither
 * list watches every log it emits and every call to it; with a list, only what the list names
 * (a contract watching only events sees no calls, and the reverse).
 */
export function matchBlock(block: BlockActivity, contracts: readonly WatchedContract[]): WatchMatch[] {
  const byAddress = new Map(contracts.map((c) => [c.address, c]));
  const txs = new Map(block.transactions.map((tx) => [tx.hash, tx]));
  const matches: WatchMatch[] = [];
  for (const tx of block.transactions) {
    const watched = tx.to === null ? undefined : byAddress.get(tx.to);
    if (watched === undefined || tx.to === null) continue;
    const everything = watched.events === undefined && watched.functions === undefined;
    const selector = tx.input.slice(0, 10);
    const signature = watched.functions?.find((f) => f.hash === selector);
    if (everything || signature !== undefined)
      matches.push({ kind: "call", contract: tx.to, tx, key: `call:${tx.hash}`, ...(signature ? { signature } : {}) });
  }
  for (const log of block.logs) {
    const watched = byAddress.get(log.address);
    const tx = txs.get(log.txHash);
    if (watched === undefined || tx === undefined) continue;
    const everything = watched.events === undefined && watched.functions === undefined;
    const signature = watched.events?.find((e) => e.hash === log.topics[0]);
    if (everything || signature !== undefined)
      matches.push({
        kind: "log",
        contract: log.address,
        tx,
        log,
        key: `log:${log.txHash}:${log.logIndex}`,
        ...(signature ? { signature } : {}),
      });
  }
  return matches;
}

export interface TokenMovement {
  readonly token: Address;
  readonly amount: bigint;
}

/** ERC-20 Transfers in one transaction of the block (any token), for large_transfer rules. */
export function transfersInTransaction(block: BlockActivity, txHash: string): TokenMovement[] {
  return block.logs
    .filter((log) => log.txHash === txHash && log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3)
    .flatMap((log) => {
      const amount = wordAt(log.data, 0);
      return amount === null ? [] : [{ token: log.address, amount }];
    });
}

/**
 * Addresses in an event's indexed topics, when the contract watches every log (no ABI to decode
 * with): a topic with 12 zero bytes then a value whose top 4 bytes are not zero (small integers
 * padded into a topic are not addresses).
 */
export function topicAddresses(log: ActivityLog): Address[] {
  return log.topics
    .slice(1)
    .map((topic) => (/^0x0{24}(?!0{8})[0-9a-f]{40}$/.test(topic) ? addressFromWord(topic) : null))
    .filter((a): a is Address => a !== null);
}
