/** The scoring domain's public surface: scorers, profiles, results, flags, tiers and assembly hints. */
export { scoreWallet } from "./wallet/score-wallet";
export { scoreToken } from "./token/score-token";
export { scoreNft } from "./nft/score-nft";
export { scoreContract } from "./contract/score-contract";
export { verifiedIssuerResult } from "./common/verified-issuer";
export {
  EVIDENCE_COVERAGES,
  type EvidenceCoverage,
  type EvidenceSeen,
  assessEvidence,
} from "./common/evidence-coverage";
export { SCORING_VERSION, type ScoreResult } from "./score-result";
export type { ScoreBreakdown, ScoreComponent } from "./breakdown";
export { type Flag, type FlagEvidence, type Severity, isBlocking } from "./flag";
export {
  FLAG_CATALOGUE,
  STAKING_FLAG_CATALOGUE,
  type FlagCode,
  type FlagRule,
  type StakingFlagCode,
  flagRule,
  isFlagCode,
} from "./flag-catalogue";
export { flagCatalogueMarkdown } from "./flag-catalogue-markdown";
export * from "./tiers";
export type { RiskCategory, ScoreState, SubjectType } from "./subject";
export type { PoolFacts, SellSimulation, SimulationAttempt, SimulationActorRole, TokenMarket } from "./profiles/market";
export type {
  DeploymentContext,
  FundingContext,
  PoisoningVictimHistory,
  StakingInput,
  TradedTokenContext,
  WalletProfile,
} from "./profiles/wallet-profile";
export type { BuyerFunding, HolderQualityInput, KnownWalletScore, TokenProfile } from "./profiles/token-profile";
export type { NftProfile } from "./profiles/nft-profile";
export type { ContractProfile } from "./profiles/contract-profile";
export {
  coordinatedBuyCandidates,
  deploymentsOf,
  funderOf,
  purchasingHoldersOf,
  tradedTokensOf,
} from "./assembly-hints";
export { POISONING_MAX_VICTIMS, poisoningVictimCandidates } from "./wallet/poisoning";
export { scoreStability, type ScorePoint, type ScoreStability, type StabilityTrend } from "./explain/score-stability";
export type {
  DirectionDrivers,
  Explanation,
  ProtocolExplain,
  PublicExplain,
  Recommendation,
  RecommendationAction,
} from "./explain/explanation-types";
