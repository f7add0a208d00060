import type { Tier } from "../scoring/tiers";

/** One thing the scorer looked at and what it did to the score (positive, negative or 0). */
export interface ScoreSignal {
  readonly code: string;
  readonly points: number;
  readonly detail: string;
}

export type SuiSeverity = "low" | "medium" | "high";

/** A risk worth showing on its own, with the figure that raised it. */
export interface SuiFlag {
  readonly code: string;
  readonly severity: SuiSeverity;
  readonly points: number;
  readonly detail: string;
}

export interface SuiScore {
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly signals: readonly ScoreSignal[];
  readonly flags: readonly SuiFlag[];
}

export const DAY_MS = 86_400_000;

export const clampScore = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));
export const clampConfidence = (value: number): number => Math.max(5, Math.min(100, Math.round(value)));

/** Collects signals and flags as a scorer walks its rules; the score is the base plus every signal. */
export class ScoreSheet {
  readonly signals: ScoreSignal[] = [];
  readonly flags: SuiFlag[] = [];

  signal(code: string, points: number, detail: string): void {
    this.signals.push({ code, points, detail });
  }

  /** A flag is also a signal: its points count once. */
  flag(code: string, severity: SuiSeverity, points: number, detail: string): void {
    this.signals.push({ code, points, detail });
    this.flags.push({ code, severity, points, detail });
  }

  total(base: number): number {
    return clampScore(this.signals.reduce((sum, s) => sum + s.points, base));
  }
}
