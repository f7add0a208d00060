import { DAY_SECONDS } from "../thresholds";

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Diminishing returns: 0 at 0, `max` at `full` and beyond, logarithmic between. */
export function logScale(value: number, full: number, max: number): number {
  if (value <= 0) return 0;
  return max * Math.min(1, Math.log1p(value) / Math.log1p(full));
}

/** Square-root ramp: early growth counts more than late growth. */
export function sqrtScale(value: number, full: number, max: number): number {
  if (value <= 0) return 0;
  return max * Math.sqrt(Math.min(1, value / full));
}

/** part / whole as a float, 0 when whole is not positive. Bigint-safe for 256-bit amounts. */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  // Scale into 1e9 parts so the division stays in bigint; precision is far beyond any threshold.
  return Number((part * 1_000_000_000n) / whole) / 1_000_000_000;
}

/** Whole units of a bigint amount as a float, for dollar figures. */
export function toUnits(amount: bigint, decimals: number): number {
  const scale = 10n ** BigInt(Math.max(0, decimals));
  return Number(amount / scale) + Number(amount % scale) / Number(scale);
}

export function ageDays(since: number, now: number): number {
  return Math.max(0, (now - since) / DAY_SECONDS);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The item timestamps are already oldest first (ports promise it); sort only when they are not. */
export function chronological<T extends { readonly timestamp: number }>(items: readonly T[]): readonly T[] {
  for (let i = 1; i < items.length; i++) {
    if (items[i - 1]!.timestamp > items[i]!.timestamp) {
      return [...items].sort((a, b) => a.timestamp - b.timestamp);
    }
  }
  return items;
}

export function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
