import type { Coverage } from "../../chain/chain-types";
import { clamp } from "./math";

/** Something the data could not show: what it costs in confidence and how to say it. */
export interface Shortfall {
  readonly cost: number;
  readonly limitation: string;
}

/** Confidence never reaches 0: a score always says something, and callers gate on the number. */
export const MIN_CONFIDENCE = 5;

export function confidenceFrom(shortfalls: readonly Shortfall[]): number {
  const cost = shortfalls.reduce((sum, s) => sum + s.cost, 0);
  return Math.round(clamp(100 - cost, MIN_CONFIDENCE, 100));
}

export function limitationsFrom(shortfalls: readonly Shortfall[]): string[] {
  return [...new Set(shortfalls.map((s) => s.limitation))];
}

/** A truncated read is a shortfall; a complete one is not. */
export function coverageShortfall(
  coverage: Coverage,
  what: string,
  cost: number,
  consequence = "older history is not reflected",
): Shortfall | null {
  if (coverage.complete) return null;
  const from = coverage.fromBlock === undefined ? "" : ` (nothing before block ${coverage.fromBlock})`;
  return { cost, limitation: `Only the newest ${coverage.truncatedAt} ${what} were read${from}; ${consequence}.` };
}

/** Collects shortfalls, skipping nulls, so scorers read as a list of checks. */
export class ShortfallList {
  private readonly items: Shortfall[] = [];

  add(shortfall: Shortfall | null): void {
    if (shortfall !== null) this.items.push(shortfall);
  }

  when(condition: boolean, cost: number, limitation: string): void {
    if (condition) this.items.push({ cost, limitation });
  }

  all(): readonly Shortfall[] {
    return this.items;
  }
}
