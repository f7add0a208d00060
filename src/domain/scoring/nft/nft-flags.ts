import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TokenTransfer, TxHash } from "../../chain/chain-types";
import { round2, shareOf } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import { isBurnAddress } from "../market/privileged";
import { DAY_SECONDS, NFT } from "../thresholds";
import type { NftHoldings } from "./nft-holdings";

/** Round trips: an item going B -> A within the window after A -> B. One map lookup per transfer: linear. */
export function nftWashFlag(transfers: readonly TokenTransfer[]): Flag | null {
  const lastMove = new Map<string, number>();
  const pairs = new Map<string, { count: number; a: Address; b: Address; txHashes: TxHash[] }>();
  for (const t of transfers) {
    if (t.from === ZERO_ADDRESS || isBurnAddress(t.to) || t.from === t.to) continue;
    const id = (t.tokenId ?? 0n).toString();
    const reverse = `${id}|${t.to}|${t.from}`;
    const back = lastMove.get(reverse);
    if (back !== undefined && t.timestamp - back <= NFT.washWindowSeconds) {
      // A completed round trip consumes its outbound leg, so A->B->A->B counts one trip, not two.
      lastMove.delete(reverse);
      const key = t.from < t.to ? `${t.from}|${t.to}` : `${t.to}|${t.from}`;
      const pair = pairs.get(key) ?? { count: 0, a: t.to, b: t.from, txHashes: [] };
      pair.count++;
      if (pair.txHashes.length < 10) pair.txHashes.push(t.txHash);
      pairs.set(key, pair);
      continue;
    }
    lastMove.set(`${id}|${t.from}|${t.to}`, t.timestamp);
  }
  let worst: { count: number; a: Address; b: Address; txHashes: TxHash[] } | null = null;
  let total = 0;
  for (const p of pairs.values()) {
    total += p.count;
    if (worst === null || p.count > worst.count) worst = p;
  }
  if (worst === null || worst.count < NFT.washMinBounces) return null;
  return raiseFlag("NFT_WASH_TRANSFERS", {
    detail: `${worst.count} items went straight back between ${worst.a} and ${worst.b} within ${NFT.washWindowSeconds / DAY_SECONDS} days.`,
    txHashes: sample(worst.txHashes),
    counterparties: [worst.a, worst.b],
    figures: { bounces: worst.count, allBounces: total },
  });
}

export function mintConcentrationFlag(h: NftHoldings): Flag | null {
  if (h.minted < BigInt(NFT.mintConcentrationMinItems)) return null;
  let top: [Address, bigint] | null = null;
  for (const entry of h.mintedTo) if (top === null || entry[1] > top[1]) top = entry;
  if (top === null) return null;
  const share = shareOf(top[1], h.minted);
  if (share < NFT.mintConcentrationShare) return null;
  return raiseFlag("NFT_MINT_CONCENTRATION", {
    detail: `${top[1]} of ${h.minted} minted items (${Math.round(share * 100)}%) went to ${top[0]}.`,
    holders: [top[0]],
    figures: { minted: Number(h.minted), topMinterShare: round2(share) },
  });
}

export function holderConcentrationFlag(h: NftHoldings): Flag | null {
  if (h.outstanding < BigInt(NFT.holderConcentrationMinItems) || h.topHolder === null) return null;
  if (h.topHolderShare < NFT.holderConcentrationShare) return null;
  return raiseFlag("NFT_HOLDER_CONCENTRATION", {
    detail: `${h.topHolder} holds ${Math.round(h.topHolderShare * 100)}% of ${h.outstanding} outstanding items.`,
    holders: [h.topHolder],
    figures: { topHolderShare: round2(h.topHolderShare), hhi: h.hhi },
  });
}

/**
 * The creator's outgoing items in any 24 h window, counted only from a day after its first mint
 * (launch distribution is not dumping), against its peak holding.
 */
export function creatorDumpFlag(transfers: readonly TokenTransfer[], creator: Address | null): Flag | null {
  if (creator === null) return null;
  let balance = 0n;
  let peak = 0n;
  let firstMint: number | null = null;
  const outs: TokenTransfer[] = [];
  for (const t of transfers) {
    if (t.to === creator) {
      if (t.from === ZERO_ADDRESS && firstMint === null) firstMint = t.timestamp;
      balance += t.value;
      if (balance > peak) peak = balance;
    }
    if (t.from === creator && t.to !== creator) {
      balance -= t.value;
      if (!isBurnAddress(t.to) && firstMint !== null && t.timestamp >= firstMint + DAY_SECONDS) outs.push(t);
    }
  }
  if (peak < BigInt(NFT.creatorDumpMinItems)) return null;
  let best = { sum: 0n, start: 0, end: -1 };
  let sum = 0n;
  let left = 0;
  for (let right = 0; right < outs.length; right++) {
    sum += outs[right]!.value;
    while (outs[right]!.timestamp - outs[left]!.timestamp >= NFT.creatorDumpWindowSeconds) sum -= outs[left++]!.value;
    if (sum > best.sum) best = { sum, start: left, end: right };
  }
  const share = shareOf(best.sum, peak);
  if (best.sum < BigInt(NFT.creatorDumpMinItems) || share < NFT.creatorDumpShare) return null;
  const window = outs.slice(best.start, best.end + 1);
  return raiseFlag("NFT_CREATOR_DUMPING", {
    detail: `The creator sent out ${best.sum} of its peak ${peak} items within ${NFT.creatorDumpWindowSeconds / 3600} h.`,
    txHashes: sample(window.map((t) => t.txHash)),
    counterparties: [creator],
    holders: sample(new Set(window.map((t) => t.to))),
    blocks: [window[0]!.blockNumber, window[window.length - 1]!.blockNumber],
    figures: { items: Number(best.sum), peak: Number(peak), share: round2(share) },
  });
}
