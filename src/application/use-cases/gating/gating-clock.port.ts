/**
 * Time for attestations: Unix seconds on the clock relying parties check `expiresAt` against
 * (wall clock off chain, `block.timestamp` on chain; both track real time on a live network).
 * Kept here rather than in ports/ until a shared Clock port exists; bind it to that when it does.
 */
export interface GatingClock {
  nowSeconds(): number;
}

export const GatingClock = Symbol.for("GatingClock");
