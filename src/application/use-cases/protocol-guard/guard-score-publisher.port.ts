import type { Address } from "../../../domain/chain/address";

/**
 * Puts the score of a wallet Protocol Guard checked for a subscription on chain (the ScoreRegistry), without
 * holding the check's answer: the write runs on, on the day's EVM write budget, and its outcome is not the
 * check's. Bound only when GUARD_PUBLISHES_SCORES is on and a registry is configured.
 */
export interface GuardScorePublisher {
  publishInBackground(wallet: Address): void;
}

export const GuardScorePublisher = Symbol.for("GuardScorePublisher");
