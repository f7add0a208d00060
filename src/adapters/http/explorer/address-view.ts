import type { ScoredAddress } from "../../../application/use-cases/scoring/scored-address";
import { flagRule, isFlagCode } from "../../../domain/scoring/flag-catalogue";
import type { Flag, FlagEvidence } from "../../../domain/scoring/flag";
import { evidenceAccess, type EvidenceAccess } from "../../../domain/scoring/products";
import type { HolderFacts } from "../../../domain/scoring/token/holder-facts";
import type { Snapshot } from "../../../domain/snapshots/snapshot";

export interface ViewFlag {
  readonly code: string;
  readonly severity: string;
  readonly title: string;
  readonly rule: string;
  readonly underReview: boolean;
  /** Only once the evidence is free or bought. */
  readonly points?: number;
  readonly evidence?: FlagEvidence;
}

/** What one explorer page shows: the free routes' fields, and the paid answer's when it was bought. */
export interface AddressView {
  readonly address: string;
  readonly subjectType: string;
  readonly kind: string;
  readonly score: number | null;
  readonly tier: string;
  readonly confidence: number;
  readonly coverage: string;
  readonly state: string;
  readonly flags: readonly ViewFlag[];
  readonly limitations: readonly string[];
  readonly history: readonly Pick<Snapshot, "id" | "score" | "tier" | "queriedAt" | "block">[];
  readonly snapshotId: string;
  readonly scoringVersion: string;
  readonly queriedAt: string;
  readonly block: { readonly number: number; readonly timestamp: number };
  /** `free`/`paid`: the evidence below is shown; otherwise the oracle that sells it. */
  readonly evidence: "shown_free" | "shown_paid" | Exclude<EvidenceAccess, "free">;
  readonly summary?: string;
  readonly recommendation?: { readonly action: string; readonly reason: string };
  readonly holders?: HolderFacts;
}

const KINDS: Readonly<Record<ScoredAddress["kind"], string>> = {
  eoa: "wallet",
  erc20: "ERC-20 token",
  erc721: "ERC-721 collection",
  erc1155: "ERC-1155 collection",
  contract: "contract",
};

function viewFlag(flag: Flag, underReview: boolean, withEvidence: boolean): ViewFlag {
  const rule = isFlagCode(flag.code) ? flagRule(flag.code) : undefined;
  return {
    code: flag.code,
    severity: flag.severity,
    title: rule?.title ?? flag.code,
    rule: rule?.rule ?? "",
    underReview,
    ...(withEvidence ? { points: flag.points, evidence: flag.evidence } : {}),
  };
}

/**
 * The page's content for a scored address. Without `paid`, only what the free routes give (batch: score,
 * tier, confidence, coverage, flag codes; risk-check: severities and limitations; snapshots: history),
 * plus the evidence where the token oracle gives it away; `paid` is the bought oracle answer.
 */
export function addressView(scored: ScoredAddress, history: readonly Snapshot[], paid = false): AddressView {
  const access = evidenceAccess(scored.kind, scored.officialIssuer);
  const shown = paid || access === "free";
  const underReview = new Set(scored.flagsUnderReview ?? []);
  return {
    address: scored.address,
    subjectType: scored.subjectType,
    kind: KINDS[scored.kind],
    score: scored.officialIssuer ? null : scored.score,
    tier: scored.tier,
    confidence: scored.confidence,
    coverage: scored.coverage,
    state: scored.state,
    flags: scored.flags.map((flag) => viewFlag(flag, underReview.has(flag.code), shown)),
    limitations: scored.limitations,
    history: history.map(({ id, score, tier, queriedAt, block }) => ({ id, score, tier, queriedAt, block })),
    snapshotId: scored.snapshotId,
    scoringVersion: scored.scoringVersion,
    queriedAt: scored.queriedAt,
    block: scored.block,
    evidence: paid ? "shown_paid" : access === "free" ? "shown_free" : access,
    ...(shown
      ? {
          summary: scored.explanation.summary,
          recommendation: scored.explanation.recommendation,
          ...(scored.holderFacts === null ? {} : { holders: scored.holderFacts }),
        }
      : {}),
  };
}
