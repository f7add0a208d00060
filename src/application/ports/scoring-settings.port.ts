import type { Address } from "../../domain/chain/address";

/** A token pools are quoted in (USDC, wrapped native): where to look for liquidity and how to price it. */
export interface QuoteToken {
  readonly address: Address;
  readonly decimals: number;
  /** Dollar price of one whole unit, null when unknown (liquidity is then not valued). */
  readonly unitUsd: number | null;
}

/** A configured well-known token: IMPERSONATES_OFFICIAL compares names and symbols against it. */
export interface WellKnownToken {
  readonly address: Address;
  /** Configured as `SYMBOL:address`; null for a bare address (its symbol is read on chain). */
  readonly symbol: string | null;
}

/** How far each assembler fans out: every bound is stated in the profile as "skipped". */
export interface ScoringLimits {
  /** Items per explorer read (transactions, transfers, holders). */
  readonly history: number;
  /** Traded tokens whose markets a wallet profile reads. */
  readonly tradedTokens: number;
  /** Deployments a wallet profile examines. */
  readonly deployments: number;
  /** Purchasing holders whose wallets are scored for LOW_HOLDER_QUALITY. */
  readonly holderQuality: number;
  /** Dense-window buyers whose first funder is read for COORDINATED_BUY. */
  readonly buyerFunding: number;
  /** Real holders whose sells are simulated. */
  readonly simulatedSellers: number;
}

/** Configuration of the scoring engine (decoded from the environment by infrastructure). */
export interface ScoringSettings {
  /** Official issuers (USDC, EURC ...): VERIFIED without heuristics. Lowercase. */
  readonly officialIssuers: readonly Address[];
  /** Uniswap V2-style factories asked getPair(token, quote) for each quote token. */
  readonly dexFactories: readonly Address[];
  /** Routers of those factories (known infrastructure, never scored as a wallet's counterparty trap). */
  readonly dexRouters: readonly Address[];
  readonly quoteTokens: readonly QuoteToken[];
  readonly nativeDecimals: number;
  readonly nativeUnitUsd: number | null;
  /** Funders that legitimately fund many fresh wallets (exempt from SHARED_FUNDING_SOURCE). */
  readonly fundingLabels: Readonly<Record<Address, "faucet" | "exchange" | "bridge">>;
  /** WELL_KNOWN_TOKENS: more identities an impersonator copies, besides issuers and quote tokens. Default []. */
  readonly wellKnownTokens?: readonly WellKnownToken[];
  /** Staking contracts (lowercase): stake/unstake round trips with them are not wash trades. Default []. */
  readonly stakingContracts?: readonly Address[];
  /** Score cache lifetime; 0 disables caching (coalescing still applies). */
  readonly cacheTtlMs: number;
  readonly cacheMaxEntries: number;
  readonly limits: ScoringLimits;
}

export const ScoringSettings = Symbol.for("ScoringSettings");

export const DEFAULT_SCORING_LIMITS: ScoringLimits = {
  history: 10_000,
  tradedTokens: 8,
  deployments: 8,
  holderQuality: 12,
  buyerFunding: 30,
  simulatedSellers: 3,
};
