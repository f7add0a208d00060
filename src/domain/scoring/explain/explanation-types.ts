import type { RiskCategory } from "../subject";

export type Tone = "positive" | "neutral" | "caution" | "danger";

/** For people: a headline and a few plain lines. */
export interface PublicExplain {
  readonly headline: string;
  readonly lines: readonly string[];
  readonly tone: Tone;
}

export type RiskLevel = "none" | "low" | "medium" | "high" | "critical";

export interface RiskCategoryReport {
  readonly category: RiskCategory;
  readonly level: RiskLevel;
  /** Flag codes with their measured figures, e.g. "WASH_TRADING: 4 round trips with 0xabc..". */
  readonly signals: readonly string[];
}

/** For integrating protocols: each risk family, its level and the signals behind it. */
export interface ProtocolExplain {
  readonly riskCategories: readonly RiskCategoryReport[];
}

/** What would move the score: concrete, derived from the breakdown and the flags. */
export interface DirectionDrivers {
  readonly up: readonly string[];
  readonly down: readonly string[];
}

export type RecommendationAction = "allow" | "review" | "deny";

export interface Recommendation {
  readonly action: RecommendationAction;
  readonly reason: string;
}

export interface Explanation {
  readonly summary: string;
  readonly publicExplain: PublicExplain;
  readonly protocolExplain: ProtocolExplain;
  readonly directionDrivers: DirectionDrivers;
  readonly recommendation: Recommendation;
  readonly limitations: readonly string[];
}
