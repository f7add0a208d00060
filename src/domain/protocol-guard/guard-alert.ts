import type { Tier } from "../scoring/tiers";
import type { GuardDecision } from "./guard-subject";

/** Recorded when a check against a subscription answers review or block (`kind` absent in older rows). */
export interface WalletAlert {
  readonly kind?: "wallet";
  readonly id: string;
  /** ISO 8601: wall clock for a check, chain time for an on-chain alert. */
  readonly at: string;
  readonly wallet: string;
  readonly decision: Exclude<GuardDecision, "allow">;
  readonly reasons: readonly string[];
  readonly score: number;
  readonly tier: Tier;
  /**
   * `check` (a POST /check against the subscription), `onchain` (the watcher) or `score_changed` (an operator's
   * decision changed the answer for `wallet`, an address the subscription watches: see `disputeId`).
   */
  readonly source?: "check" | "onchain" | "score_changed";
  /** `score_changed`: the upheld dispute (GET /api/disputes/{id}) that changed the answer. */
  readonly disputeId?: string;
  /** The on-chain event behind an `onchain` alert. */
  readonly eventId?: string;
  readonly txHash?: string;
  readonly contract?: string;
  readonly blockNumber?: number;
}

/**
 * The watcher gave up on a block it could not score after its attempts (the poison-block policy): the
 * subscription may have missed activity in it, so it is told instead of the block passing silently.
 */
export interface BlockSkippedAlert {
  readonly kind: "block_skipped";
  readonly id: string;
  /** ISO 8601, chain time of the block. */
  readonly at: string;
  readonly source: "onchain";
  readonly blockNumber: number;
  readonly blockHash: string;
  readonly attempts: number;
  /** The last failure, bounded and with URLs and keys masked (see poison-block.ts). */
  readonly reason: string;
}

export type GuardAlert = WalletAlert | BlockSkippedAlert;

export const isWalletAlert = (alert: GuardAlert): alert is WalletAlert => alert.kind !== "block_skipped";

/** Alerts kept per subscription (oldest dropped first) and shown by a read. */
export const ALERTS_KEPT = 100;
export const ALERTS_SHOWN = 20;
