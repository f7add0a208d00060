import type { Tier } from "../scoring/tiers";

/** A watched contract touched by a wallet, as recorded for its subscription. */
export interface OnchainEvent {
  /** Derived from the subscription, the log or call, and the wallet: recording twice is a no-op. */
  readonly id: string;
  readonly txHash: string;
  readonly blockNumber: number;
  /** Chain time of the block, ISO 8601. */
  readonly at: string;
  readonly contract: string;
  /** Event signature (a log) or function signature (a call); `log`/`call` when the contract watches everything. */
  readonly event?: string;
  readonly function?: string;
  readonly wallet: string;
  readonly score: number;
  readonly tier: Tier;
  readonly flags: readonly string[];
  /** Set when this event raised an alert. */
  readonly alertId?: string;
}

export const EVENTS_KEPT = 1000;
export const EVENTS_SHOWN = 20;
