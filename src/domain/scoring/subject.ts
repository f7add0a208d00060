/** What kind of subject a score describes. */
export type SubjectType = "wallet" | "token" | "nft" | "contract";

/** `mining` while a subject has too little market to judge (no pool, very few holders), else `graduated`. */
export type ScoreState = "graduated" | "mining";

/** Families of risk that protocolExplain reports, each flag belonging to exactly one. */
export type RiskCategory =
  "market_integrity" | "exit_risk" | "manipulation" | "sybil" | "concentration" | "control" | "history" | "staking";

export const RISK_CATEGORIES: readonly RiskCategory[] = [
  "market_integrity",
  "exit_risk",
  "manipulation",
  "sybil",
  "concentration",
  "control",
  "history",
  "staking",
];
