import { sequenceS } from "fp-ts/Apply";
import * as E from "fp-ts/Either";
import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef, ChainTransaction, Page } from "../../../domain/chain/chain-types";
import {
  type DeploymentContext,
  type FundingContext,
  type PoisoningVictimHistory,
  type TradedTokenContext,
  type WalletProfile,
  coordinatedBuyCandidates,
  deploymentsOf,
  funderOf,
  poisoningVictimCandidates,
  tradedTokensOf,
  POISONING_MAX_VICTIMS,
} from "../../../domain/scoring";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { StakingInputSource } from "../../ports/staking-input-source.port";
import { bounded, readBuyerFunding } from "./buyer-funding";
import { GraphSignals } from "../../ports/graph-signals.port";
import { TokenMarketReader } from "../../market/token-market.reader";

/**
 * "full" reads the markets, deployments, funder and staking around the wallet; "light" (holder quality)
 * reads only the wallet's own history and says what it skipped.
 */
export type WalletDepth = "full" | "light";

/** Fills a WalletProfile from the explorer and the chain, with every fan-out bounded by the settings. */
@injectable()
export class WalletProfileAssembler {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(TokenMarketReader) private readonly markets: TokenMarketReader,
    @inject(StakingInputSource) private readonly staking: StakingInputSource,
    @inject(GraphSignals) private readonly graph: GraphSignals,
  ) {}

  assemble(
    wallet: Address,
    head: BlockRef,
    depth: WalletDepth = "full",
  ): TE.TaskEither<UpstreamFailure, WalletProfile> {
    const limit = { limit: this.settings.limits.history };
    return pipe(
      sequenceS(TE.ApplyPar)({
        transactions: this.explorer.transactionsOf(wallet, limit),
        tokenTransfers: this.explorer.tokenTransfersOf(wallet, limit),
        nftTransfers: this.explorer.nftTransfersOf(wallet, limit),
        nativeBalance: this.chain.nativeBalance(wallet),
      }),
      TE.chain((own) => {
        const traded = bounded(
          this.tradedCandidates(own.tokenTransfers.items, wallet),
          depth === "full" ? this.settings.limits.tradedTokens : 0,
        );
        const deployed = bounded(
          deploymentsOf(own.transactions.items, wallet),
          depth === "full" ? this.settings.limits.deployments : 0,
        );
        return pipe(
          sequenceS(TE.ApplyPar)({
            // Full depth only: holder-quality scoring (light) reads many wallets and needs none of this.
            poisoning: depth === "full" ? this.poisoningVictims(wallet, own) : TE.right(null),
            funding: depth === "full" ? this.funding(own.transactions.items, wallet) : TE.right(null),
            tradedTokens: pipe(
              traded.taken,
              A.traverse(TE.ApplicativePar)((token) => this.tradedToken(token)),
            ),
            deployments: pipe(
              deployed.taken,
              A.traverse(TE.ApplicativePar)((d) => this.deployment(d.contract, d.txHash, d.timestamp)),
            ),
            staking: depth === "full" ? this.staking.stakingOf(wallet, head) : TE.right(null),
          }),
          TE.map(({ poisoning, ...around }) => ({
            address: wallet,
            ...own,
            nativeDecimals: this.settings.nativeDecimals,
            nativeUnitUsd: this.settings.nativeUnitUsd,
            stakingContracts: this.settings.stakingContracts ?? [],
            ...around,
            graph: depth === "full" ? this.graph.walletInput(wallet) : null,
            tradedTokensSkipped: traded.skipped,
            deploymentsSkipped: deployed.skipped,
            ...(poisoning === null
              ? {}
              : { poisoningVictims: poisoning.read, poisoningVictimsSkipped: poisoning.skipped }),
          })),
        );
      }),
    );
  }

  /** Money (official issuers, quote tokens) is received, not "bought": its market says nothing about the wallet. */
  private tradedCandidates(transfers: WalletProfile["tokenTransfers"]["items"], wallet: Address): Address[] {
    const money = new Set<Address>([
      ...this.settings.officialIssuers,
      ...this.settings.quoteTokens.map((q) => q.address),
    ]);
    return tradedTokensOf(transfers, wallet).filter((token) => !money.has(token));
  }

  /**
   * The own histories of the wallets this one may have poisoned (at most POISONING_MAX_VICTIMS, newest first). A
   * victim whose history cannot be read counts with the skipped: a failed read costs the poisoning check (said as a
   * limitation), not the wallet's whole score.
   */
  private poisoningVictims(
    wallet: Address,
    own: Pick<WalletProfile, "tokenTransfers" | "transactions">,
  ): TE.TaskEither<never, { readonly read: PoisoningVictimHistory[]; readonly skipped: number }> {
    const candidates = poisoningVictimCandidates(
      wallet,
      own.tokenTransfers.items,
      own.transactions.items,
      this.settings.nativeDecimals,
    );
    const victims = bounded(candidates, POISONING_MAX_VICTIMS);
    return async () => {
      const histories = await Promise.all(victims.taken.map((victim) => this.victimHistory(victim)()));
      const read = histories.flatMap((h) => (E.isRight(h) ? [h.right] : []));
      return E.right({ read, skipped: victims.skipped + histories.length - read.length });
    };
  }

  /** A candidate poisoning victim's own history: whom it really pays is what a look-alike copies. */
  private victimHistory(victim: Address): TE.TaskEither<UpstreamFailure, PoisoningVictimHistory> {
    const limit = { limit: this.settings.limits.history };
    return pipe(
      sequenceS(TE.ApplyPar)({
        transactions: this.explorer.transactionsOf(victim, limit),
        tokenTransfers: this.explorer.tokenTransfersOf(victim, limit),
      }),
      TE.map((h): PoisoningVictimHistory => ({
        victim,
        transactions: h.transactions.items,
        tokenTransfers: h.tokenTransfers.items,
      })),
    );
  }

  private funding(
    transactions: readonly ChainTransaction[],
    wallet: Address,
  ): TE.TaskEither<UpstreamFailure, FundingContext | null> {
    const direct = funderOf(transactions, wallet);
    if (direct === null) return TE.right(null);
    // Funded through relays: the source behind them is the funder, and its layered recipients count.
    const layered = this.graph.layeredFunding(wallet);
    const funder = layered?.root.root ?? direct;
    return pipe(
      this.explorer.transactionsOf(funder, { limit: this.settings.limits.history }),
      TE.map((funderTransactions) => ({
        funder,
        funderTransactions,
        funderLabel: this.settings.fundingLabels[funder] ?? null,
        ...(layered === null || layered === undefined ? {} : { layered }),
      })),
    );
  }

  private tradedToken(token: Address): TE.TaskEither<UpstreamFailure, TradedTokenContext> {
    return pipe(
      this.markets.read(token),
      TE.chain(({ market }) => {
        const buyers = bounded(coordinatedBuyCandidates(market), this.settings.limits.buyerFunding).taken;
        return pipe(
          readBuyerFunding(this.explorer, buyers, this.settings.limits.history, this.graph),
          TE.map((buyerFunding) => ({ market, buyerFunding })),
        );
      }),
    );
  }

  private deployment(
    contract: Address,
    creationTxHash: DeploymentContext["creationTxHash"],
    createdAt: number,
  ): TE.TaskEither<UpstreamFailure, DeploymentContext> {
    return pipe(
      sequenceS(TE.ApplyPar)({
        transactions: this.explorer.transactionsOf(contract, { limit: this.settings.limits.history }),
        kind: this.chain.classify(contract),
      }),
      TE.chain(({ transactions, kind }) =>
        kind === "erc20"
          ? pipe(
              this.markets.read(contract),
              TE.map(({ market }) => context(transactions, market)),
            )
          : TE.right(context(transactions, null)),
      ),
    );
    function context(transactions: Page<ChainTransaction>, market: DeploymentContext["market"]): DeploymentContext {
      return { contract, creationTxHash, createdAt, transactions, market };
    }
  }
}
