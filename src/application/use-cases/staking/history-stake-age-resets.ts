import { sequenceS } from "fp-ts/Apply";
import * as A from "fp-ts/Array";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { Page, TokenTransfer } from "../../../domain/chain/chain-types";
import { exitSyncParticipation } from "../../../domain/scoring/market/exit-sync";
import { analyzeMarket } from "../../../domain/scoring/market/trades";
import type { TokenMarket } from "../../../domain/scoring/profiles/market";
import { washTradingMoments } from "../../../domain/scoring/wallet/wash-trading";
import type { StakeAgeReset } from "../../../domain/staking/staking-evidence";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import type { StakingAgeResets } from "../../ports/staking-age-resets.port";
import { discoverPools } from "../../market/pool-discovery";
import { StakingSettings } from "./staking-settings";

const NOT_READ: Page<never> = { items: [], coverage: { complete: true, items: 0 } };

/** ERC-20 tokens the wallet sent away (money excluded), most transfers first: where it may have exited. */
export function soldTokensOf(
  transfers: readonly TokenTransfer[],
  wallet: Address,
  money: ReadonlySet<Address>,
): Address[] {
  const counts = new Map<Address, number>();
  for (const t of transfers) {
    if (t.standard === "ERC20" && t.from === wallet && !money.has(t.token))
      counts.set(t.token, (counts.get(t.token) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([token]) => token);
}

/**
 * The moments, from the wallet's own history, at which the scoring detectors see it wash trading
 * (round trips on a route meeting the WASH_TRADING threshold) or selling inside a synchronized exit
 * (EXIT_SYNC_PARTICIPANT), one reset each. It runs the pure detectors rather than scoring the wallet,
 * because scoring a wallet analyzes its staking, which asks for these resets.
 */
export function resetsFrom(
  wallet: Address,
  transfers: Page<TokenTransfer>,
  markets: readonly TokenMarket[],
  notWashCounterparties: ReadonlySet<Address>,
): StakeAgeReset[] {
  // Pools and staking contracts give back what was sent by design: not wash-trading counterparties.
  const excluded = new Set(notWashCounterparties);
  for (const market of markets) for (const p of market.pools) excluded.add(p.pool);
  const history = { address: wallet, transactions: NOT_READ, tokenTransfers: transfers, nftTransfers: NOT_READ };
  const resets = new Map<string, StakeAgeReset>();
  const add = (reset: StakeAgeReset): void => void resets.set(`${reset.reason}:${reset.evidence}`, reset);
  for (const m of washTradingMoments(history, excluded))
    add({ at: m.timestamp, reason: "WASH_TRADING", evidence: m.txHash });
  for (const market of markets) {
    for (const { sells } of exitSyncParticipation(analyzeMarket(market), wallet)) {
      for (const s of sells) add({ at: s.timestamp, reason: "COORDINATED_EXIT", evidence: s.txHash });
    }
  }
  return [...resets.values()].sort((a, b) => a.at - b.at);
}

/** StakingAgeResets computed from the wallet's token transfers and the markets of the tokens it sold. */
@injectable()
export class HistoryStakeAgeResets implements StakingAgeResets {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly scoring: ScoringSettings,
    @inject(StakingSettings) private readonly staking: StakingSettings,
  ) {}

  resetsOf(wallet: Address): TE.TaskEither<UpstreamFailure, readonly StakeAgeReset[]> {
    const limit = { limit: this.staking.historyLimit };
    return pipe(
      this.explorer.tokenTransfersOf(wallet, limit),
      TE.chain((transfers) => {
        // Money (official issuers, quote tokens) is paid, not exited: its market says nothing about the wallet.
        const money = new Set<Address>([
          ...this.scoring.officialIssuers,
          ...this.scoring.quoteTokens.map((q) => q.address),
        ]);
        const sold = soldTokensOf(transfers.items, wallet, money).slice(0, this.scoring.limits.tradedTokens);
        return pipe(
          sold,
          A.traverse(TE.ApplicativePar)((token) => this.marketOf(token)),
          TE.map((markets) => resetsFrom(wallet, transfers, markets, this.notWashCounterparties())),
        );
      }),
    );
  }

  private notWashCounterparties(): ReadonlySet<Address> {
    return new Set([
      ...this.staking.stakingContracts,
      ...(this.scoring.stakingContracts ?? []),
      ...this.scoring.dexRouters,
    ]);
  }

  /** Transfers and pools are all exit-sync detection needs; deployer and owner only matter to token flags. */
  private marketOf(token: Address): TE.TaskEither<UpstreamFailure, TokenMarket> {
    const ports = { chain: this.chain, explorer: this.explorer, settings: this.scoring };
    return pipe(
      sequenceS(TE.ApplyPar)({
        transfers: this.explorer.transfersOfToken(token, { limit: this.staking.historyLimit }),
        pools: discoverPools(ports, token),
      }),
      TE.map(({ transfers, pools }) => ({ token, transfers, pools, deployer: null, owner: null })),
    );
  }
}
