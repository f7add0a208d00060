/**
 * Every number graph trust and sybil clustering compare against; the flag catalogue's rule text is built
 * from these, so docs/flags.md and the code cannot disagree.
 */
export const GRAPH_TRUST = {
  /** A cluster needs at least this many member wallets (the published anchor: 5)... */
  clusterMinMembers: 5,
  /** ...and at least this many independent evidence families agreeing... */
  clusterMinFamilies: 2,
  /**
   * ...of which at least one is a money-flow family (funding or sweep): same-block, same-amount or same-token
   * behaviour alone is what honest crowds show too (a mint drop, a payday).
   */
  clusterMinFlowFamilies: 1,
  /** A family counts when this share of the community's candidate wallets takes part in it. */
  familyMinShare: 0.6,
  /** A sweep moves at least this share of what the wallet received in that asset (a payment is not a sweep). */
  sweepMinShare: 0.5,
  /** A member is kept when it takes part in at least this many of the cluster's families. */
  memberMinFamilies: 2,
  /** Intermediate hops followed up a first-funding chain ("layered funding counts as one source"). */
  fundingDepth: 2,
  /** A wallet is a relay (a hop, not a source) when it passed funding on within this time of receiving its own. */
  relayMaxHoldSeconds: 86_400,
  /** Members funded by one source within this window count as one funding event. */
  fundingWindowSeconds: 86_400,
  /** "Near-identical" amounts: within this tolerance of each other (basis points). */
  amountToleranceBps: 200,
  /** Sends by distinct members within this many blocks count as one same-time action. */
  timingWindowBlocks: 1,
  /** Same-token trades by distinct members within this many blocks are co-trading. */
  coTradingWindowBlocks: 5,
  /** Louvain communities larger than this are not judged (a hub-dominated blob, not a farm). */
  communityMaxSize: 2_000,
  /** Personalized PageRank: probability of following an edge rather than jumping back to a seed. */
  damping: 0.85,
  pageRankMaxIterations: 50,
  pageRankTolerance: 1e-10,
  /** Edges out of flagged wallets carry this share of their weight: trust does not flow freely from them. */
  flaggedEdgeDiscount: 0.2,
  /** Default seeds: wallets at least this old (chain time)... */
  seedMinAgeDays: 90,
  /** ...with at least this many distinct counterparties... */
  seedMinCounterparties: 5,
  /** ...scored without any flag; at most this many candidates are scored per recompute. */
  seedMaxCandidates: 25,
  /** A candidate's flag count is reused this long (wall clock) before it is scored again. */
  seedRescoreMs: 3_600_000,
  /** Official issuers' holders who first received the issuer token at least this long ago are seeds too. */
  issuerHolderMinDays: 90,
  seedMaxIssuerHolders: 25,
  /** graphTrust is 100 at or above this percentile of the ranks (a few hubs do not squash everyone else). */
  trustSaturationPercentile: 0.99,
  /** graphTrust's bounded effect on a wallet score: +0..maxTrustBoost for graphTrust above the midpoint. */
  maxTrustBoost: 5,
  trustBoostFrom: 50,
  /** HOLDERS_IN_ONE_CLUSTER: assessed holders of one cluster, and their share of assessed holders. */
  holdersClusterMinHolders: 5,
  holdersClusterMinShare: 0.25,
  holdersClusterHighShare: 0.5,
  /** Evidence transaction hashes kept per family. */
  evidenceTxSample: 10,
} as const;

/** Confidence weight of each family: how strongly it alone says "one operator". */
export const FAMILY_WEIGHT = {
  funding: 0.5,
  sweep: 0.5,
  timing: 0.4,
  amounts: 0.3,
  co_trading: 0.3,
} as const;
