import type { Address } from "../../../domain/chain/address";
import type { AddressKind } from "../../../domain/chain/chain-types";
import type {
  DirectionDrivers,
  EvidenceCoverage,
  Flag,
  ProtocolExplain,
  PublicExplain,
  Recommendation,
  ScoreBreakdown,
  ScoreStability,
  ScoreState,
  SubjectType,
  Tier,
} from "../../../domain/scoring";
import type { DisputeMention } from "../../../domain/review/dispute";
import type { HolderFacts } from "../../../domain/scoring/token/holder-facts";
import type { UpstreamFailure } from "../../failures";

export interface ScoredExplanation {
  readonly summary: string;
  readonly publicExplain: PublicExplain;
  readonly protocolExplain: ProtocolExplain;
  readonly scoreStability: ScoreStability;
  readonly directionDrivers: DirectionDrivers;
  readonly recommendation: Recommendation;
}

/** Everything any score response of the API is shaped from (widget, batch, oracle, NFT, arc-score). */
export interface ScoredAddress {
  readonly address: Address;
  readonly kind: AddressKind;
  readonly subjectType: SubjectType;
  readonly officialIssuer: boolean;
  /** 0..100 (an official issuer carries the domain's 100; the widget shows null for it). */
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  /** `none` | `thin` | `partial` | `full`: how much of the subject's life the answer rests on. */
  readonly coverage: EvidenceCoverage;
  /** Full flag objects, most severe first; `flags.map(f => f.code)` for batch. */
  readonly flags: readonly Flag[];
  readonly state: ScoreState;
  readonly limitations: readonly string[];
  /** Tokens: creator/owner/top-10 shares, LP burn and holder cohorts (null for other subjects). */
  readonly holderFacts: HolderFacts | null;
  /** Flags the operator put under review for this address (POST /api/operator/flag-decisions); never feedback. */
  readonly flagsUnderReview?: readonly string[];
  /** The address's disputes (newest first) with their status; absent when none was filed. */
  readonly disputes?: readonly DisputeMention[];
  /** Raw formula: only /api/arc-score may show it. */
  readonly breakdown: ScoreBreakdown;
  readonly explanation: ScoredExplanation;
  readonly snapshotId: string;
  readonly scoringVersion: string;
  /** Wall clock of the computation, ISO 8601 (a cached answer keeps its original stamp). */
  readonly queriedAt: string;
  /** The head block the score reflects. */
  readonly block: { readonly number: number; readonly timestamp: number };
}

/**
 * No score could be computed; never replaced by a made-up one. `detection`: the address could not be
 * classified (widget `detection_failed`); `scoring`: reading its profile failed (`scoring_unavailable`).
 */
export interface ScoringFailed {
  readonly _tag: "ScoringFailed";
  readonly stage: "detection" | "scoring";
  readonly cause: UpstreamFailure;
}

export const scoringFailed =
  (stage: ScoringFailed["stage"]) =>
  (cause: UpstreamFailure): ScoringFailed => ({ _tag: "ScoringFailed", stage, cause });

export function subjectTypeOf(kind: AddressKind): SubjectType {
  switch (kind) {
    case "eoa":
      return "wallet";
    case "erc20":
      return "token";
    case "erc721":
    case "erc1155":
      return "nft";
    case "contract":
      return "contract";
  }
}
