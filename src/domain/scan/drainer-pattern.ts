import type { Address } from "../chain/address";

/** A token transfer that arrived at a contract, with who sent the transaction that made it. */
export interface InboundPull {
  readonly token: Address;
  readonly from: Address;
  /** Who sent the transaction, when it was sent to the contract itself (null otherwise). */
  readonly txSender: Address | null;
  /** `from` holds code: a pool or router hop, not an account that signed an approval. */
  readonly fromIsContract: boolean;
  readonly txHash: string;
}

/** The candidate pulls (foreign sender) worth a code read of their `from`. */
export function foreignPulls<P extends Omit<InboundPull, "fromIsContract">>(pulls: readonly P[]): P[] {
  return pulls.filter((p) => p.txSender !== null && p.txSender !== p.from);
}

/** Distinct accounts a contract must have pulled from before the pattern counts: one could be a mistake. */
export const DRAINER_MIN_VICTIMS = 2;

/**
 * A drainer's footprint: tokens arrive at the contract from accounts that did not send the transaction moving
 * them (their approval was used by someone else), from at least two such accounts. A router or vault pulls only
 * from the account calling it; an exchange deposit is sent by its owner. Returns the evidence (transaction hashes)
 * or null.
 */
export function drainerEvidence(pulls: readonly InboundPull[]): string[] | null {
  const foreign = pulls.filter((p) => p.txSender !== null && p.txSender !== p.from && !p.fromIsContract);
  const victims = new Set(foreign.map((p) => p.from));
  if (victims.size < DRAINER_MIN_VICTIMS) return null;
  return [...new Set(foreign.map((p) => p.txHash))].slice(0, 10);
}
