/**
 * Every number a flag rule compares against. The catalogue's rule text is built from these, so the
 * table in docs/flags.md (copied from the catalogue) and the code cannot disagree.
 */
export const DAY_SECONDS = 86_400;
export const HOUR_SECONDS = 3_600;

export const WALLET = {
  /** A transfer and its return count as a round trip when they happen within this window... */
  washWindowSeconds: DAY_SECONDS,
  /** ...and the returned amount is within this tolerance of what left (basis points). */
  washAmountToleranceBps: 500,
  /** Round trips along one route (same asset, same counterparties) before it is wash trading. */
  washMinRoundTrips: 3,
  /** Outstanding legs remembered per asset: bounds the matching so it stays linear. */
  washPendingPerAsset: 32,
  velocityWindowSeconds: HOUR_SECONDS,
  velocityMinTransactions: 30,
  regularMinIntervals: 15,
  regularToleranceBps: 300,
  regularToleranceMinSeconds: 2,
  selfInteractionMin: 3,
  concentrationMinInteractions: 20,
  concentrationTopShare: 0.75,
  sharedFundingMinFreshRecipients: 8,
  sharedFundingWindowSeconds: DAY_SECONDS,
  /** A funded recipient counts as fresh when its nonce (if the assembler read it) is at most this. */
  freshRecipientMaxNonce: 10,
  freshWalletAgeDays: 7,
  freshWalletMaxTransactions: 3,
  deployedDumpShare: 0.5,
  deployedDumpWindowDays: 30,
  /** Independent users a deployment needs before it counts in the wallet's favour. */
  deploymentMinIndependentUsers: 5,
  maxStakingBoost: 10,
  /**
   * ADDRESS_POISONING_SENDER reads the histories of the wallets this one sent zero-value or dust transfers to: at
   * most this many (newest first), two explorer reads each, so a campaign of thousands costs a bounded score.
   */
  poisoningMaxVictims: 20,
  /**
   * Dust, in a token's smallest units: what a poisoner's transfer of a real token carries (0.01 of a 6-decimal
   * stablecoin; a fake token's 1). Decimals are not read per token, so an 18-decimal token's dust above this is missed.
   */
  poisoningDustMaxUnits: 10_000,
  /** Native dust: at most this fraction of one native unit (0.0001) in a plain value transfer. */
  poisoningNativeDustFraction: 10_000,
} as const;

export const TOKEN = {
  coordinatedBuyWindowBlocks: 5,
  coordinatedBuyMinBuyers: 5,
  coordinatedBuySharedFunderMin: 3,
  coordinatedBuySharedFunderShare: 0.6,
  exitSyncWindowSeconds: HOUR_SECONDS,
  exitSyncMinSellers: 5,
  exitSyncPositionShare: 0.5,
  lowHolderQualityMinAssessed: 5,
  lowHolderQualityShare: 0.6,
  freshHolderAgeDays: 7,
  honeypotSellTaxBps: 9_000,
  taxBps: 1_000,
  taxHighBps: 3_000,
  noSellsMinBuyers: 10,
  /**
   * Distinct non-privileged holders who sold successfully in history: with at least this many, and no real holder's
   * simulated sell failing, a fresh address's failed sell (its balance written by state override) is taken as an
   * artefact of the simulation, not a honeypot verdict.
   */
  historySellersOverruleFresh: 3,
  /** BALANCE_WITHOUT_TRANSFER: what an address sent beyond what Transfer events gave it, as a share of supply. */
  unbackedBalanceShare: 0.01,
  concentrationHhi: 2_500,
  concentrationTop10Share: 0.9,
  concentrationTop10MinHolders: 25,
  deployerShare: 0.2,
  deployerShareHigh: 0.5,
  deployerDumpShare: 0.5,
  rugLiquidityShare: 0.8,
  lowLiquidityUsd: 1_000,
  youngContractDays: 7,
  /** Below this many holders (or with no pool) a token is still "mining", not "graduated". */
  miningMinHolders: 10,
  maxDeployerStakingBoost: 5,
  /** AIRDROP_SPAM: distinct passive recipients of one sender, most of them within a day... */
  airdropMinRecipients: 30,
  /** ...and this share of the sender's recipients never sent the token on. */
  airdropPassiveShare: 0.9,
  /** A buy within this many blocks of a pool's first liquidity is a sniper's. */
  sniperBlocks: 3,
} as const;

export const NFT = {
  washWindowSeconds: 7 * DAY_SECONDS,
  washMinBounces: 3,
  mintConcentrationShare: 0.5,
  mintConcentrationMinItems: 10,
  creatorDumpMinItems: 5,
  creatorDumpShare: 0.5,
  creatorDumpWindowSeconds: DAY_SECONDS,
  holderConcentrationShare: 0.5,
  holderConcentrationMinItems: 10,
} as const;

export const CONTRACT = {
  failureRateMinTransactions: 20,
  failureRateShare: 0.5,
  /** Below this many distinct callers a contract has found no market yet ("mining"). */
  miningMinUsers: 5,
} as const;

/**
 * Where each subject's evidence saturates (see `assessEvidence`): events on a log scale, active days and
 * counterparties (holders for tokens and collections, callers for contracts) linearly.
 */
export const EVIDENCE = {
  wallet: { events: 50, activeDays: 14, counterparties: 5 },
  token: { events: 50, activeDays: 7, counterparties: 10 },
  nft: { events: 30, activeDays: 7, counterparties: 10 },
  contract: { events: 30, activeDays: 7, counterparties: 5 },
} as const;
