import type { ChainTransaction } from "../../chain/chain-types";
import { type Flag, raiseFlag } from "../flag";
import { WALLET } from "../thresholds";

/** Most transactions inside any window of `velocityWindowSeconds` (two pointers, linear). */
export function velocityBurstFlag(sent: readonly ChainTransaction[]): Flag | null {
  let best = { count: 0, start: 0, end: 0 };
  let left = 0;
  for (let right = 0; right < sent.length; right++) {
    while (sent[right]!.timestamp - sent[left]!.timestamp >= WALLET.velocityWindowSeconds) left++;
    const count = right - left + 1;
    if (count > best.count) best = { count, start: left, end: right };
  }
  if (best.count < WALLET.velocityMinTransactions) return null;
  const first = sent[best.start]!;
  const last = sent[best.end]!;
  return raiseFlag("VELOCITY_BURST", {
    detail: `${best.count} transactions sent within ${Math.max(1, Math.round((last.timestamp - first.timestamp) / 60))} minutes (blocks ${first.blockNumber}-${last.blockNumber}).`,
    txHashes: [first.hash, last.hash],
    blocks: [first.blockNumber, last.blockNumber],
    figures: { transactions: best.count, windowSeconds: WALLET.velocityWindowSeconds },
  });
}

function withinTolerance(gap: number, base: number): boolean {
  const tolerance = Math.max(WALLET.regularToleranceMinSeconds, (base * WALLET.regularToleranceBps) / 10_000);
  return Math.abs(gap - base) <= tolerance;
}

/** Longest run of gaps between sent transactions that all equal the run's first gap, within tolerance. */
export function regularIntervalsFlag(sent: readonly ChainTransaction[]): Flag | null {
  let best = { length: 0, start: 0, base: 0 };
  let run = { length: 0, start: 0, base: 0 };
  for (let i = 1; i < sent.length; i++) {
    const gap = sent[i]!.timestamp - sent[i - 1]!.timestamp;
    if (run.length > 0 && withinTolerance(gap, run.base)) run.length++;
    else run = gap >= 1 ? { length: 1, start: i - 1, base: gap } : { length: 0, start: i, base: 0 };
    if (run.length > best.length) best = { ...run };
  }
  if (best.length < WALLET.regularMinIntervals) return null;
  const first = sent[best.start]!;
  const last = sent[best.start + best.length]!;
  return raiseFlag("MACHINE_REGULAR_INTERVALS", {
    detail: `${best.length} consecutive gaps of about ${best.base} s between sent transactions (blocks ${first.blockNumber}-${last.blockNumber}).`,
    txHashes: [first.hash, last.hash],
    blocks: [first.blockNumber, last.blockNumber],
    figures: { intervals: best.length, intervalSeconds: best.base },
  });
}
