import type { BlockActivity } from "./block-activity";
import type { BlockSkippedAlert } from "./guard-alert";
import type { Subscription } from "./subscription";

/** A block's failure reason as a subscriber sees it: at most this many characters. */
export const SKIP_REASON_MAX = 200;

/**
 * What a failure says, made fit to send outside: URLs (an RPC or explorer URL may carry an API key in
 * its path or query) and long hex runs (keys, signatures) are masked, whitespace collapsed, the rest cut.
 */
export function skipReason(detail: string): string {
  const masked = detail
    .replace(/^(?:Error: )+/, "")
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, "<url>")
    .replace(/0x[0-9a-f]{64,}/gi, "<hex>")
    .replace(/\s+/g, " ")
    .trim();
  const reason = masked.length === 0 ? "unknown failure" : masked;
  return reason.length <= SKIP_REASON_MAX ? reason : `${reason.slice(0, SKIP_REASON_MAX - 1)}…`;
}

/** True once a block has failed `attempts` times and the policy allows no more. */
export const exhausted = (attempts: number, maxAttempts: number): boolean => attempts >= maxAttempts;

/**
 * Wait before trying a failed block again: doubling from `baseMs`, capped, so a short outage of the
 * scorer (a few seconds) is ridden out within the attempts while a block that can never be scored
 * holds every later block up for a bounded time only.
 */
export function retryDelayMs(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The subscriptions a skipped block concerns: those watching a contract that appears in it (called,
 * calling, or emitting a log), whatever their event filters, since what failed may be the very match.
 * When the block's contents cannot be read at all, every subscription given (the active ones) is.
 */
export function concernedBy(block: BlockActivity, subscriptions: readonly Subscription[]): readonly Subscription[] {
  if (!Array.isArray(block.transactions) || !Array.isArray(block.logs)) return subscriptions;
  const seen = new Set<string>();
  for (const tx of block.transactions) {
    seen.add(String(tx.from).toLowerCase());
    if (tx.to !== null) seen.add(String(tx.to).toLowerCase());
  }
  for (const log of block.logs) seen.add(String(log.address).toLowerCase());
  return subscriptions.filter((s) => s.contracts.some((c) => seen.has(c.address.toLowerCase())));
}

export function blockSkippedAlert(
  id: string,
  block: Pick<BlockActivity, "number" | "hash" | "timestamp">,
  attempts: number,
  reason: string,
): BlockSkippedAlert {
  const at = Number.isFinite(block.timestamp)
    ? new Date(block.timestamp * 1000).toISOString()
    : new Date(0).toISOString();
  return {
    kind: "block_skipped",
    id,
    at,
    source: "onchain",
    blockNumber: block.number,
    blockHash: block.hash,
    attempts,
    reason: skipReason(reason),
  };
}
