export type StabilityTrend = "stable" | "improving" | "deteriorating" | "volatile" | "insufficient_history";

/** One earlier answer for the same subject: a snapshot's score and when it was asked. */
export interface ScorePoint {
  readonly score: number;
  /** Unix seconds, or an ISO-8601 string as snapshots store it. */
  readonly queriedAt: number | string;
}

export interface ScoreStability {
  readonly trend: StabilityTrend;
  readonly samples: number;
  readonly first: number | null;
  readonly last: number | null;
  /** last - first */
  readonly change: number;
  readonly min: number | null;
  readonly max: number | null;
  readonly stdDev: number;
  /** Times the score turned direction by at least REVERSAL_MIN_STEP. */
  readonly reversals: number;
  readonly spanSeconds: number;
}

export const STABILITY = {
  minSamples: 3,
  /** |last - first| below this is "stable". */
  trendMinChange: 5,
  /** A step smaller than this is noise and never counts as a turn. */
  reversalMinStep: 3,
  volatileMinRange: 15,
  volatileMinReversals: 2,
  volatileMinStdDev: 12,
} as const;

function seconds(at: number | string): number | null {
  if (typeof at === "number") return Number.isFinite(at) ? at : null;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : ms / 1000;
}

function countReversals(scores: readonly number[]): number {
  let reversals = 0;
  let direction = 0;
  for (let i = 1; i < scores.length; i++) {
    const step = scores[i]! - scores[i - 1]!;
    if (Math.abs(step) < STABILITY.reversalMinStep) continue;
    const sign = Math.sign(step);
    if (direction !== 0 && sign !== direction) reversals++;
    direction = sign;
  }
  return reversals;
}

/** How a subject's score has moved across its snapshot history (order of the input does not matter). */
export function scoreStability(history: readonly ScorePoint[]): ScoreStability {
  const points = history
    .map((p) => ({ score: p.score, at: seconds(p.queriedAt) }))
    .filter((p): p is { score: number; at: number } => p.at !== null && Number.isFinite(p.score))
    .sort((a, b) => a.at - b.at);
  const scores = points.map((p) => p.score);
  const first = scores[0] ?? null;
  const last = scores[scores.length - 1] ?? null;
  const mean = scores.reduce((s, v) => s + v, 0) / Math.max(1, scores.length);
  const variance = scores.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, scores.length);
  const stdDev = Math.round(Math.sqrt(variance) * 100) / 100;
  const min = scores.length > 0 ? scores.reduce((a, b) => Math.min(a, b)) : null;
  const max = scores.length > 0 ? scores.reduce((a, b) => Math.max(a, b)) : null;
  const change = first !== null && last !== null ? last - first : 0;
  const reversals = countReversals(scores);
  const spanSeconds = points.length > 1 ? points[points.length - 1]!.at - points[0]!.at : 0;
  const figures = { samples: scores.length, first, last, change, min, max, stdDev, reversals, spanSeconds };
  return { trend: trendOf(figures), ...figures };
}

function trendOf(f: Omit<ScoreStability, "trend">): StabilityTrend {
  if (f.samples < STABILITY.minSamples) return "insufficient_history";
  const range = (f.max ?? 0) - (f.min ?? 0);
  const zigzag = range >= STABILITY.volatileMinRange && f.reversals >= STABILITY.volatileMinReversals;
  if (zigzag || (f.stdDev >= STABILITY.volatileMinStdDev && f.reversals >= 1)) return "volatile";
  if (f.change >= STABILITY.trendMinChange) return "improving";
  if (f.change <= -STABILITY.trendMinChange) return "deteriorating";
  return "stable";
}
