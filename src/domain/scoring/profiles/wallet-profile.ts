import type { Address } from "../../chain/address";
import type { SybilCluster } from "../../graph-trust/cluster-types";
import type { FundingRoot } from "../../graph-trust/funding-root";
import type { ChainTime, ChainTransaction, Page, TokenTransfer } from "../../chain/chain-types";
import type { TokenMarket } from "./market";
import type { BuyerFunding } from "./token-profile";

/**
 * The first address that sent this wallet native value, and that funder's own history, so the domain
 * can see whether it sprays first funding over many fresh wallets.
 */
export interface FundingContext {
  readonly funder: Address;
  /** ExplorerHistory.transactionsOf(funder). */
  readonly funderTransactions: Page<ChainTransaction>;
  /** Set from configuration: faucets, exchanges and bridges fund many fresh wallets legitimately. */
  readonly funderLabel: "faucet" | "exchange" | "bridge" | null;
  /** ChainReader.nonce of the funder's recipients, for as many as the assembler read (optional). */
  readonly recipientNonces?: ReadonlyMap<Address, number>;
  /**
   * Set when the transfer graph followed the wallet's funding through relays: `funder` is then the root
   * source, and these are every wallet the same root funded through the same kind of chain (layered funding
   * counts as one source).
   */
  readonly layered?: {
    readonly root: FundingRoot;
    readonly recipients: readonly { readonly address: Address; readonly fundedAt: number }[];
  };
}

/** What the transfer graph says about the wallet (graph trust), when a recompute has run. */
export interface WalletGraphInput {
  readonly graphTrust: number;
  readonly percentile: number;
  readonly cluster: SybilCluster | null;
  readonly asOfBlock: number;
}

/** A contract this wallet created, with enough of its life to tell whether others used it. */
export interface DeploymentContext {
  readonly contract: Address;
  readonly creationTxHash: ChainTransaction["hash"];
  readonly createdAt: ChainTime;
  /** ExplorerHistory.transactionsOf(contract): who called it. */
  readonly transactions: Page<ChainTransaction>;
  /** Set when the contract is an ERC-20: its transfers and pools, to see a dump or a rug. */
  readonly market: TokenMarket | null;
}

/** A token the wallet bought, with the market around its buys and sells. */
export interface TradedTokenContext {
  readonly market: TokenMarket;
  /**
   * First funders of the token's dense-window buyers (see `coordinatedBuyCandidates`), when read.
   * Without it the domain still knows every address the wallet's own funder funded.
   */
  readonly buyerFunding: ReadonlyMap<Address, BuyerFunding> | null;
}

/** A staking analysis result as scoring consumes it (see the staking issue). */
export interface StakingInput {
  /** StakingSignal.scoreBoost; bounded again here. */
  readonly scoreBoost: number;
  readonly gamingFlags: readonly { readonly code: string; readonly evidence: unknown }[];
}

/**
 * A wallet this one sent a zero-value transfer or dust to (or that "sent" it zero through a transferFrom), with the
 * victim's own history: whom the victim really pays is what a poisoner copies.
 */
export interface PoisoningVictimHistory {
  readonly victim: Address;
  /** ExplorerHistory.transactionsOf(victim). */
  readonly transactions: readonly ChainTransaction[];
  /** ExplorerHistory.tokenTransfersOf(victim). */
  readonly tokenTransfers: readonly TokenTransfer[];
}

export interface WalletProfile {
  readonly address: Address;
  /** ExplorerHistory.transactionsOf(address): the whole history the explorer gives, oldest first. */
  readonly transactions: Page<ChainTransaction>;
  /** ExplorerHistory.tokenTransfersOf(address). */
  readonly tokenTransfers: Page<TokenTransfer>;
  /** ExplorerHistory.nftTransfersOf(address); an empty page when not read. */
  readonly nftTransfers: Page<TokenTransfer>;
  /** ChainReader.nativeBalance(address). */
  readonly nativeBalance: bigint;
  readonly nativeDecimals: number;
  /** Dollar price of one native unit (1 on Arc, where gas is USDC), null when unknown. */
  readonly nativeUnitUsd: number | null;
  /** Null when the wallet never received native value, or the funder was not read. */
  readonly funding: FundingContext | null;
  /**
   * Markets of the tokens the wallet bought (see `tradedTokensOf`), for coordinated-buy and exit-sync
   * participation. The assembler may bound this list; it then says how many it skipped.
   */
  readonly tradedTokens: readonly TradedTokenContext[];
  readonly tradedTokensSkipped: number;
  /** Contracts created by the wallet (see `deploymentsOf`). */
  readonly deployments: readonly DeploymentContext[];
  readonly deploymentsSkipped: number;
  /** Null when the staking analysis was not available. */
  readonly staking: StakingInput | null;
  /**
   * Configured staking contracts (ScoringSettings.stakingContracts). Stake-then-unstake returns the same
   * amount from the same contract, so they are never wash-trading counterparties.
   */
  readonly stakingContracts: readonly Address[];
  /** Graph trust and sybil cluster; absent or null when the graph has not been computed. */
  readonly graph?: WalletGraphInput | null;
  /**
   * Histories of the candidate poisoning victims (see `poisoningVictimCandidates`), at most
   * WALLET.poisoningMaxVictims; absent when not read (light depth), and ADDRESS_POISONING_SENDER is then unchecked.
   */
  readonly poisoningVictims?: readonly PoisoningVictimHistory[];
  /** Candidates past the bound, not read. */
  readonly poisoningVictimsSkipped?: number;
}
