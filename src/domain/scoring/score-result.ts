import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { EvidenceCoverage } from "./common/evidence-coverage";
import type { HolderFacts } from "./token/holder-facts";
import type { Explanation } from "./explain/explanation-types";
import type { ScoreBreakdown } from "./breakdown";
import type { Flag } from "./flag";
import type { ScoreState, SubjectType } from "./subject";
import type { Tier } from "./tiers";

/** Oracle and batch answers carry this version. */
export const SCORING_VERSION = "v1.0";

export interface ScoreResult {
  readonly subject: Address;
  readonly subjectType: SubjectType;
  /** Integer 0..100. */
  readonly score: number;
  readonly tier: Tier;
  /** Most severe first. */
  readonly flags: readonly Flag[];
  /** Integer 0..100: how much of the picture the data showed. */
  readonly confidence: number;
  /** How much of the subject's life was seen: `none` for a never-seen address (see `assessEvidence`). */
  readonly coverage: EvidenceCoverage;
  readonly state: ScoreState;
  /** What the data could not show, in plain sentences. */
  readonly limitations: readonly string[];
  readonly breakdown: ScoreBreakdown;
  readonly explanation: Explanation;
  /** The chain time ("now", the head block's timestamp) the score was computed for. */
  readonly scoredAt: ChainTime;
  readonly scoringVersion: typeof SCORING_VERSION;
  /** Tokens only: creator/owner/top-10 shares, LP burn, holder cohorts; null for other subjects. */
  readonly holderFacts: HolderFacts | null;
}
