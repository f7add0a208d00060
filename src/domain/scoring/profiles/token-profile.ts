import type { Address } from "../../chain/address";
import type { ChainTime, ContractCreation, Hex, Page, TokenHolding, TokenMetadata } from "../../chain/chain-types";
import type { Tier } from "../tiers";
import type { ReferenceToken } from "../token/impersonation";
import type { LpLockReadings } from "../token/lp-locks";
import type { CapabilityEvidence } from "./capabilities";
import type { SellSimulation, TokenMarket } from "./market";

/** A wallet score already computed elsewhere (the deployer's, a holder's). */
export interface KnownWalletScore {
  readonly score: number;
  readonly tier: Tier;
}

/** One purchasing holder's quality, as the assembler scored or probed it. */
export interface HolderQualityInput {
  readonly holder: Address;
  readonly tier: Tier;
  /** Days since the holder's first activity (chain time), null when unknown. */
  readonly ageDays: number | null;
}

/** First funding of a buyer: who first sent it native value, and when. */
export interface BuyerFunding {
  readonly funder: Address;
  readonly fundedAt: ChainTime;
}

/** Who the deployer's first funder is, and whom it and the deployer funded first (insiders' money trail). */
export interface DeployerFunding {
  readonly funder: Address | null;
  readonly funded: ReadonlyMap<Address, "deployer" | "deployer's funder">;
}

export interface TokenProfile {
  readonly token: Address;
  /** From the configured issuer list: VERIFIED, no heuristics. */
  readonly officialIssuer: boolean;
  /** ChainReader.tokenMetadata(token). */
  readonly metadata: TokenMetadata;
  /** ChainReader.codeAt(token). */
  readonly bytecode: Hex;
  /** ExplorerHistory.contractCreation(token). */
  readonly creation: ContractCreation | null;
  /** ExplorerHistory.holdersOf(token), largest first. */
  readonly holders: Page<TokenHolding>;
  /** transfersOfToken + pools + deployer + owner() result. */
  readonly market: TokenMarket;
  /** Null when the simulation could not run (no pool, or the node refused state overrides). */
  readonly sellSimulation: SellSimulation | null;
  /** The deployer's own wallet score, null when not computed. */
  readonly deployerWalletScore: KnownWalletScore | null;
  /** Quality of purchasing holders (see `purchasingHoldersOf`); null when not assessed. */
  readonly holderQuality: readonly HolderQualityInput[] | null;
  /** First funders of the buyers named by `coordinatedBuyCandidates`; null when not read. */
  readonly buyerFunding: ReadonlyMap<Address, BuyerFunding> | null;
  /** Official issuers and well-known tokens, with their names and symbols, for IMPERSONATES_OFFICIAL. */
  readonly references: readonly ReferenceToken[];
  /** What the capability probes saw (ContractCapabilityProber); null when they could not run. */
  readonly capabilities: CapabilityEvidence | null;
  /** The deployer's StakingSignal.scoreBoost (0 when unknown); bounded and conditional here. */
  readonly deployerStakingBoost: number;
  /**
   * Addresses whose first native funding came from the deployer or from the deployer's own first funder (not a
   * labelled exchange, faucet or bridge), with which of the two; absent or null when not read.
   */
  readonly deployerFunding?: DeployerFunding | null;
  /** The deepest pool's LP holders that are contracts, with their lock views' answers; absent or null when not read. */
  readonly lpLocks?: LpLockReadings | null;
  /** Sybil cluster of each assessed holder that is in one (graph trust); absent or null when not computed. */
  readonly holderClusters?: ReadonlyMap<Address, { readonly id: string; readonly size: number }> | null;
}
