import { keccak256, toUtf8Bytes } from "ethers";
import type { Scenario } from "../timeline";

export interface TimedAction {
  readonly at: number;
  readonly run: () => Promise<unknown>;
}

/** Plays actions in time order; actions due at the same second go into the same block. */
export async function* play(actions: readonly TimedAction[]): Scenario {
  const sorted = [...actions].sort((a, b) => a.at - b.at);
  let i = 0;
  while (i < sorted.length) {
    const at = sorted[i]!.at;
    yield at;
    for (; i < sorted.length && sorted[i]!.at === at; i++) await sorted[i]!.run();
  }
}

/**
 * Deterministic variety (amounts, hours) from a named seed: the world must be identical on every
 * run, but a world where everyone buys exactly 1000 at noon would look machine-made.
 */
export function seededRandom(seed: string): (min: number, max: number) => number {
  let state = Number.parseInt(keccak256(toUtf8Bytes(seed)).slice(2, 10), 16) >>> 0;
  return (min, max) => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(min + unit * (max - min + 1));
  };
}
