import type { ScoreComponent } from "../breakdown";
import type { Flag } from "../flag";
import type { ScoreState, SubjectType } from "../subject";
import type { Tier } from "../tiers";

/** Everything the explanation builders read; a ScoreResult minus the explanation itself. */
export interface ExplainInput {
  readonly subjectType: SubjectType;
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly state: ScoreState;
  /** Most severe first. */
  readonly flags: readonly Flag[];
  readonly components: readonly ScoreComponent[];
  readonly limitations: readonly string[];
}

export const SUBJECT_NOUN: Record<SubjectType, string> = {
  wallet: "Wallet",
  token: "Token",
  nft: "NFT collection",
  contract: "Contract",
};

/** Below this confidence an answer is treated as sparse-data. */
export const LOW_CONFIDENCE = 50;

export function penaltyFlags(flags: readonly Flag[]): Flag[] {
  return flags.filter((f) => f.severity !== "info");
}

export function hasHighOrWorse(flags: readonly Flag[]): boolean {
  return flags.some((f) => f.severity === "high" || f.severity === "critical");
}
