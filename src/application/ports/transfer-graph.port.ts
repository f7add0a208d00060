import type { Address } from "../../domain/chain/address";
import type { ChainTime } from "../../domain/chain/chain-types";
import type { WalletSend, WalletTrade } from "../../domain/graph-trust/community-facts";
import type { FundingLink } from "../../domain/graph-trust/funding-root";

export interface TransferGraphStats {
  readonly nodes: number;
  readonly edges: number;
  /** Last block folded into the graph (-1 before the first), and its timestamp (chain time). */
  readonly asOfBlock: number;
  readonly asOfTimestamp: ChainTime;
  /** Nodes dropped to stay within the memory bound since start. */
  readonly evictedNodes: number;
}

/** A community's wallets with what the graph remembers of each (funding chain raw: the domain follows it). */
export interface RawCommunityWallet {
  readonly address: Address;
  /** First-funding links, the wallet's first: [wallet <- a, a <- b, ...], at most `depth + 1` long. */
  readonly fundingChain: readonly FundingLink[];
  readonly sends: readonly WalletSend[];
  readonly trades: readonly WalletTrade[];
  readonly received: ReadonlyMap<Address | "native", bigint>;
}

export interface SeedCandidate {
  readonly address: Address;
  /** Days from first seen to the graph's head (chain time). */
  readonly ageDays: number;
  readonly counterparties: number;
}

/**
 * The transfer graph (native value and ERC-20 transfers between addresses, weighted by count, value and
 * first funding), maintained from the block stream. In memory and synchronous: every answer reflects
 * `stats().asOfBlock`.
 */
export interface TransferGraph {
  stats(): TransferGraphStats;
  /** Communities (Louvain) of externally owned wallets over funding, sweep and co-trading links, size >= minSize. */
  communities(minSize: number, maxSize: number): readonly (readonly RawCommunityWallet[])[];
  /**
   * Personalized PageRank from `seeds` (uniform restart over them), edges out of `discounted` wallets
   * weighted by `discount`. Externally owned wallets only, each with its raw rank.
   */
  personalizedRank(
    seeds: readonly Address[],
    discounted: ReadonlySet<Address>,
    options: {
      readonly damping: number;
      readonly discount: number;
      readonly maxIterations: number;
      readonly tolerance: number;
    },
  ): ReadonlyMap<Address, number>;
  /** [wallet <- funder, funder <- its funder, ...], at most `links` long. */
  fundingChain(address: Address, links: number): readonly FundingLink[];
  /** Wallets whose first funder is `funder`, with when. */
  firstFundedBy(funder: Address): readonly { readonly address: Address; readonly fundedAt: ChainTime }[];
  /** Oldest, most connected externally owned wallets at least `minAgeDays` old: candidates for default seeds. */
  seedCandidates(minAgeDays: number, minCounterparties: number, limit: number): readonly SeedCandidate[];
  /** Wallets that first received one of `tokens` at least `minAgeDays` before the head and still hold some. */
  longTimeHolders(tokens: readonly Address[], minAgeDays: number, limit: number): readonly Address[];
  /** Counterparties by edge weight, strongest first. */
  neighbours(address: Address, limit: number): readonly Address[];
}

export const TransferGraph = Symbol.for("TransferGraph");
