/** Contract-level confusion counts and the figures derived from them, with Wilson 95% intervals. */
export interface Counts {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly tn: number;
}

export interface Interval {
  readonly value: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

export interface Figures {
  readonly precision: Interval;
  readonly recall: Interval;
  readonly falsePositiveRate: Interval;
  readonly f1: number | null;
}

const Z95 = 1.96;

/** Wilson score interval for `successes` out of `n` (null when n = 0). */
export function wilson(successes: number, n: number, z = Z95): Interval {
  if (n === 0) return { value: null, low: null, high: null };
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function figures(c: Counts): Figures {
  const precision = wilson(c.tp, c.tp + c.fp);
  const recall = wilson(c.tp, c.tp + c.fn);
  const p = precision.value;
  const r = recall.value;
  return {
    precision,
    recall,
    falsePositiveRate: wilson(c.fp, c.fp + c.tn),
    f1: p === null || r === null || p + r === 0 ? null : (2 * p * r) / (p + r),
  };
}

export function add(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn, tn: a.tn + b.tn };
}

export function count(expected: boolean, predicted: boolean): Counts {
  return {
    tp: expected && predicted ? 1 : 0,
    fp: !expected && predicted ? 1 : 0,
    fn: expected && !predicted ? 1 : 0,
    tn: !expected && !predicted ? 1 : 0,
  };
}

export const ZERO: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };

const pct = (x: number | null): string => (x === null ? "  n/a" : `${(x * 100).toFixed(1)}%`);

export function formatInterval(i: Interval): string {
  return i.value === null ? "n/a" : `${pct(i.value)} [${pct(i.low)}, ${pct(i.high)}]`;
}
