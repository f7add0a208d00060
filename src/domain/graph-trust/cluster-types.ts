import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";

export type EvidenceFamily = "funding" | "sweep" | "timing" | "amounts" | "co_trading";

export const EVIDENCE_FAMILIES: readonly EvidenceFamily[] = ["funding", "sweep", "timing", "amounts", "co_trading"];

export interface ClusterEvidence {
  readonly family: EvidenceFamily;
  readonly detail: string;
  readonly txHashes: readonly TxHash[];
}

export interface SybilCluster {
  /** `sc_` + a digest of the sorted members: the same farm keeps its id across recomputes. */
  readonly id: string;
  readonly members: readonly Address[];
  readonly evidence: readonly ClusterEvidence[];
  /** 0-1: 1 - product over families of (1 - weight x share of members taking part). */
  readonly confidence: number;
}

/** What one family found in a community: who takes part, and the evidence if it holds. */
export interface FamilyFinding {
  readonly family: EvidenceFamily;
  readonly participants: ReadonlySet<Address>;
  readonly detail: string;
  readonly txHashes: readonly TxHash[];
  /** Addresses that run the pattern rather than take part in it (a funder, its relays, a sweep address). */
  readonly hubs: readonly Address[];
}
