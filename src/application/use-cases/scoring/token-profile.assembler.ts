import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef, Page, TokenHolding } from "../../../domain/chain/chain-types";
import {
  type HolderQualityInput,
  type TokenMarket,
  type TokenProfile,
  coordinatedBuyCandidates,
  purchasingHoldersOf,
} from "../../../domain/scoring";
import { isBurnAddress, liveOwner } from "../../../domain/scoring/market/privileged";
import type { ReferenceToken } from "../../../domain/scoring/token/impersonation";
import type { UpstreamFailure } from "../../failures";
import { ContractCapabilityProber } from "../../ports/contract-capability-prober.port";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { SellSimulator, type SimulatedSeller } from "../../ports/sell-simulator.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { StakingInputSource } from "../../ports/staking-input-source.port";
import { bounded, readBuyerFunding, readDeployerFunding } from "./buyer-funding";
import { GraphSignals } from "../../ports/graph-signals.port";
import { RelatedWalletScores } from "./related-wallet-scores";
import { TokenMarketReader } from "../../market/token-market.reader";
import { readLpLocks } from "../../market/lp-lock-reader";

/**
 * The largest holders that are neither pools, burn addresses, the token, the deployer nor the owner:
 * their sells say whether ordinary holders can sell (a deployer whitelist cannot hide the trap).
 */
export function simulatedSellers(holders: Page<TokenHolding>, market: TokenMarket, limit: number): SimulatedSeller[] {
  const excluded = new Set<Address>([market.token, ...market.pools.map((p) => p.pool)]);
  if (market.deployer !== null) excluded.add(market.deployer);
  const owner = liveOwner(market.owner);
  if (owner !== null) excluded.add(owner);
  return holders.items
    .filter((h) => h.balance > 0n && !excluded.has(h.holder) && !isBurnAddress(h.holder))
    .slice(0, limit)
    .map((h) => ({ address: h.holder, role: "holder", balance: h.balance }));
}

/** Fills a TokenProfile: holders, market, bytecode, sell simulation, deployer, holder quality, buyer funding. */
@injectable()
export class TokenProfileAssembler {
  private references: Promise<ReferenceToken[]> | undefined;

  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(TokenMarketReader) private readonly markets: TokenMarketReader,
    @inject(SellSimulator) private readonly simulator: SellSimulator,
    @inject(RelatedWalletScores) private readonly wallets: RelatedWalletScores,
    @inject(StakingInputSource) private readonly staking: StakingInputSource,
    @inject(GraphSignals) private readonly graph: GraphSignals,
    @inject(ContractCapabilityProber) private readonly prober: ContractCapabilityProber,
  ) {}

  assemble(token: Address, head: BlockRef): TE.TaskEither<UpstreamFailure, TokenProfile> {
    const limits = this.settings.limits;
    return pipe(
      sequenceS(TE.ApplyPar)({
        metadata: this.chain.tokenMetadata(token),
        bytecode: this.chain.codeAt(token),
        holders: this.explorer.holdersOf(token, { limit: limits.history }),
        read: this.markets.read(token),
        calls: this.explorer.transactionsOf(token, { limit: limits.history }),
        references: this.referenceTokens(),
      }),
      TE.chain(({ metadata, bytecode, holders, calls, references, read: { market, creation } }) => {
        // Deepest pool first: the simulator trades through the first pool with reserves.
        const pools = [...market.pools].sort((a, b) =>
          b.tokenReserve > a.tokenReserve ? 1 : b.tokenReserve < a.tokenReserve ? -1 : 0,
        );
        const deployer = market.deployer;
        const sellers = simulatedSellers(holders, market, limits.simulatedSellers);
        return pipe(
          sequenceS(TE.ApplyPar)({
            // Probes are many calls on a node that may refuse some: their failure leaves capabilities unknown
            // (a stated limitation), it does not withhold the score.
            capabilities: pipe(
              this.prober.probe({
                token,
                bytecode,
                owner: market.owner,
                deployer,
                totalSupply: metadata.totalSupply,
                pools,
                holders: sellers,
                history: calls.items,
                creationBlock: creation?.blockNumber ?? null,
                blockNumber: head.number,
              }),
              TE.orElseW(() => TE.right(null)),
            ),
            // A lock that cannot be read leaves the locked share unknown (stated), not the score withheld.
            lpLocks:
              pools[0] === undefined
                ? TE.right(null)
                : pipe(
                    readLpLocks(this.chain, pools[0]),
                    TE.orElseW(() => TE.right(null)),
                  ),
            sellSimulation: this.simulator.simulate({
              token,
              pools,
              sellers,
              blockNumber: head.number,
            }),
            deployerWalletScore: this.wallets.scoreIfKnown(deployer, head),
            deployerFunding:
              deployer === null
                ? TE.right(null)
                : pipe(
                    readDeployerFunding(this.explorer, deployer, limits.history, this.settings.fundingLabels),
                    TE.orElseW(() => TE.right(null)),
                  ),
            holderQuality: this.holderQuality(market, holders, head),
            buyerFunding: readBuyerFunding(
              this.explorer,
              bounded(coordinatedBuyCandidates(market), limits.buyerFunding).taken,
              limits.history,
              this.graph,
            ),
            deployerStakingBoost:
              deployer === null
                ? TE.right(0)
                : pipe(
                    this.staking.stakingOf(deployer, head),
                    TE.map((s) => s?.scoreBoost ?? 0),
                  ),
          }),
          TE.map((around) => ({
            token,
            officialIssuer: false,
            metadata,
            bytecode,
            creation,
            holders,
            market,
            references,
            ...around,
            holderClusters: this.graph.holderClusters(holders.items.map((h) => h.holder)),
          })),
        );
      }),
    );
  }

  /**
   * Official issuers, the configured quote tokens and WELL_KNOWN_TOKENS with their names and symbols, read once:
   * the identities an impersonator copies. A configured symbol wins over the chain's; a reference with neither a
   * name nor a symbol is left out of the comparison.
   */
  private referenceTokens(): TE.TaskEither<UpstreamFailure, ReferenceToken[]> {
    this.references ??= (async () => {
      const listed = new Map<Address, { why: ReferenceToken["why"]; symbol: string | null }>();
      for (const a of this.settings.officialIssuers) listed.set(a, { why: "official issuer", symbol: null });
      for (const q of this.settings.quoteTokens)
        if (!listed.has(q.address)) listed.set(q.address, { why: "well-known token", symbol: null });
      for (const k of this.settings.wellKnownTokens ?? [])
        if (!listed.has(k.address)) listed.set(k.address, { why: "well-known token", symbol: k.symbol });
      const read = await Promise.all(
        [...listed].map(async ([address, { why, symbol }]) => {
          const metadata = await this.chain.tokenMetadata(address)();
          const name = metadata._tag === "Left" ? null : metadata.right.name;
          const onChain = metadata._tag === "Left" ? null : metadata.right.symbol;
          return { address, why, name, symbol: symbol ?? onChain };
        }),
      );
      return read.filter((r) => r.name !== null || r.symbol !== null);
    })();
    const pending = this.references;
    return TE.fromTask(() => pending);
  }

  /** Purchasing holders' wallets, scored light (their own history only), up to the configured bound. */
  private holderQuality(
    market: TokenMarket,
    holders: Page<TokenHolding>,
    head: BlockRef,
  ): TE.TaskEither<UpstreamFailure, HolderQualityInput[]> {
    const { taken } = bounded(purchasingHoldersOf(market, holders.items), this.settings.limits.holderQuality);
    return pipe(
      taken,
      A.traverse(TE.ApplicativePar)((holder) =>
        pipe(
          this.wallets.scoreOf(holder, head, "light"),
          TE.map((w) => ({ holder, tier: w.score.tier, ageDays: w.ageDays })),
        ),
      ),
    );
  }
}
