import { addressFromWord, wordAt } from "../chain/abi-words";
import type { Address } from "../chain/address";
import type { Hex, NativeValueMove, SimulatedLog } from "../chain/chain-types";
import type { ApprovalChange, AssetChange } from "./scan-types";

/** keccak256 of the event signatures (checked against ethers in the unit test). */
export const EVENT_TOPICS = {
  transfer: "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" as Hex,
  approval: "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925" as Hex,
  approvalForAll: "0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31" as Hex,
  transferSingle: "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62" as Hex,
  transferBatch: "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb" as Hex,
};

export interface DecodedEffects {
  readonly assetChanges: readonly AssetChange[];
  readonly approvals: readonly ApprovalChange[];
}

/** ERC-1155 TransferBatch data: two dynamic uint256 arrays (ids, values), each at its offset. */
function batchArrays(data: string): { ids: bigint[]; values: bigint[] } | null {
  const read = (offsetWord: number): bigint[] | null => {
    const offset = wordAt(data, offsetWord);
    if (offset === null || offset % 32n !== 0n || offset > 1_000_000n) return null;
    const start = Number(offset / 32n);
    const length = wordAt(data, start);
    if (length === null || length > 1_000n) return null;
    const items: bigint[] = [];
    for (let i = 0; i < Number(length); i++) {
      const item = wordAt(data, start + 1 + i);
      if (item === null) return null;
      items.push(item);
    }
    return items;
  };
  const ids = read(0);
  const values = read(1);
  return ids === null || values === null || ids.length !== values.length ? null : { ids, values };
}

function decodeLog(log: SimulatedLog, changes: AssetChange[], approvals: ApprovalChange[]): void {
  const [topic0, t1, t2, t3] = log.topics;
  const token = log.address;
  if (topic0 === EVENT_TOPICS.transfer) {
    const from = addressFromWord(t1);
    const to = addressFromWord(t2);
    if (from === null || to === null) return;
    if (log.topics.length === 3) {
      const amount = wordAt(log.data, 0);
      if (amount !== null) changes.push({ asset: token, kind: "erc20", from, to, amount });
    } else if (log.topics.length === 4 && t3 !== undefined) {
      changes.push({ asset: token, kind: "erc721", from, to, amount: 1n, tokenId: BigInt(t3) });
    }
  } else if (topic0 === EVENT_TOPICS.approval) {
    const owner = addressFromWord(t1);
    const spender = addressFromWord(t2);
    if (owner === null || spender === null) return;
    if (log.topics.length === 3) {
      const amount = wordAt(log.data, 0);
      if (amount !== null) approvals.push({ token, owner, spender, amount, kind: "erc20", revokes: amount === 0n });
    } else if (log.topics.length === 4 && t3 !== undefined) {
      const revokes = spender === (("0x" + "0".repeat(40)) as Address);
      approvals.push({ token, owner, spender, amount: 1n, kind: "erc721", tokenId: BigInt(t3), revokes });
    }
  } else if (topic0 === EVENT_TOPICS.approvalForAll && log.topics.length === 3) {
    const owner = addressFromWord(t1);
    const operator = addressFromWord(t2);
    const approved = wordAt(log.data, 0);
    if (owner === null || operator === null || approved === null) return;
    approvals.push({ token, owner, spender: operator, amount: "all", kind: "operator", revokes: approved === 0n });
  } else if (topic0 === EVENT_TOPICS.transferSingle && log.topics.length === 4) {
    const from = addressFromWord(t2);
    const to = addressFromWord(t3);
    const id = wordAt(log.data, 0);
    const amount = wordAt(log.data, 1);
    if (from === null || to === null || id === null || amount === null) return;
    changes.push({ asset: token, kind: "erc1155", from, to, amount, tokenId: id });
  } else if (topic0 === EVENT_TOPICS.transferBatch && log.topics.length === 4) {
    const from = addressFromWord(t2);
    const to = addressFromWord(t3);
    const batch = batchArrays(log.data);
    if (from === null || to === null || batch === null) return;
    batch.ids.forEach((id, i) =>
      changes.push({ asset: token, kind: "erc1155", from, to, amount: batch.values[i]!, tokenId: id }),
    );
  }
}

/**
 * The asset changes and approvals of a simulated transaction: native value moved by its calls, then each
 * ERC-20/721/1155 Transfer and Approval its logs carry, in emission order. Logs of other shapes are skipped
 * (an event that only looks like a Transfer, with the wrong number of topics, moves nothing we can name).
 */
export function decodeEffects(logs: readonly SimulatedLog[], valueMoves: readonly NativeValueMove[]): DecodedEffects {
  const assetChanges: AssetChange[] = valueMoves
    .filter((move) => move.value > 0n)
    .map((move) => ({
      asset: "native" as const,
      kind: "native" as const,
      ...{ from: move.from, to: move.to },
      amount: move.value,
    }));
  const approvals: ApprovalChange[] = [];
  for (const log of logs) decodeLog(log, assetChanges, approvals);
  return { assetChanges, approvals };
}

/** Net change per (holder, asset, tokenId) for one holder: what the holder gains (positive) or loses. */
export function netChangesOf(holder: Address, changes: readonly AssetChange[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const change of changes) {
    const key = `${change.asset}:${change.tokenId ?? ""}`;
    if (change.from === holder) net.set(key, (net.get(key) ?? 0n) - change.amount);
    if (change.to === holder) net.set(key, (net.get(key) ?? 0n) + change.amount);
  }
  return net;
}
