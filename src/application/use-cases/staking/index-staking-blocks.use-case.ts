import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef, EventLog } from "../../../domain/chain/chain-types";
import type { LeaderboardBatch } from "../../../domain/staking/leaderboard-batch";
import { stakeTarget, type StakeActivity } from "../../../domain/staking/stake-activity";
import type { TokenDeployment } from "../../../domain/staking/staking-evidence";
import { STAKED_TOPIC, UNSTAKED_TOPIC } from "../../../domain/staking/staking-signatures";
import { upstreamFailure, type UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { PriceSource } from "../../ports/price-source.port";
import { StakingAgeResets } from "../../ports/staking-age-resets.port";
import { StakingLeaderboardStore } from "../../ports/staking-leaderboard-store.port";
import { StakingTargetTrust } from "../../ports/staking-target-trust.port";
import {
  deployedThings,
  deployersOf,
  priceActivities,
  tiersOf,
  tokenDeploymentsOf,
  vaultOwnersOf,
} from "./stake-context";
import { mergeCandidates, readStakeActivities } from "./stake-receipts";
import { stakingAnalysisFailed, type StakingAnalysisFailed } from "./staking-analysis-failed";
import { StakingSettings } from "./staking-settings";

export interface IndexStep {
  readonly fromBlock: number;
  readonly toBlock: number;
  readonly activities: number;
  /** False while the index is still behind the head (or `upTo`): call again. */
  readonly caughtUp: boolean;
}

type Step<T> = TE.TaskEither<UpstreamFailure, T>;

/**
 * Feeds the leaderboard from every Staked/Unstaked event on the configured staking contracts,
 * one bounded block range per call, from where the store left off up to the head.
 */
@injectable()
export class IndexStakingBlocks {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(PriceSource) private readonly prices: PriceSource,
    @inject(StakingTargetTrust) private readonly trust: StakingTargetTrust,
    @inject(StakingAgeResets) private readonly resets: StakingAgeResets,
    @inject(StakingLeaderboardStore) private readonly store: StakingLeaderboardStore,
    @inject(StakingSettings) private readonly settings: StakingSettings,
  ) {}

  /**
   * One step. `upTo` caps the target below the head: pass the explorer's synced block when the
   * explorer is our own index, so deployer and deployment look-ups see the blocks being indexed.
   */
  execute(upTo?: number): TE.TaskEither<StakingAnalysisFailed, IndexStep> {
    return pipe(
      TE.Do,
      TE.bind("last", () => this.store.lastIndexedBlock()),
      TE.bind("head", () => this.chain.headBlock()),
      TE.bind("target", ({ head }) => TE.right(upTo === undefined ? head.number : Math.min(upTo, head.number))),
      TE.chain(({ last, head, target }) => {
        const from = last === null ? this.settings.indexFromBlock : last + 1;
        if (from > target) return TE.right({ fromBlock: from, toBlock: target, activities: 0, caughtUp: true });
        return this.indexRange(from, Math.min(target, from + this.settings.indexMaxBlocksPerStep - 1), target, head);
      }),
      TE.mapLeft(stakingAnalysisFailed),
    );
  }

  private indexRange(from: number, to: number, target: number, head: BlockRef): Step<IndexStep> {
    const configured = new Set(this.settings.stakingContracts);
    // The batch is stamped with its own last block's time: the leaderboard clock only moves forward.
    const lastBlock: Step<BlockRef> =
      to === head.number
        ? TE.right(head)
        : pipe(
            this.chain.block(to),
            TE.filterOrElseW(
              (block): block is BlockRef => block !== null,
              () => upstreamFailure("rpc", `block ${to} not found`),
            ),
          );
    return pipe(
      TE.Do,
      TE.bind("logs", () => this.stakingLogs(from, to)),
      TE.bind("end", () => lastBlock),
      TE.bind("found", ({ logs }) => {
        const candidates = mergeCandidates(logs.map((l) => ({ hash: l.txHash, blockNumber: l.blockNumber })));
        return readStakeActivities(this.chain, candidates, configured);
      }),
      TE.bind("batch", ({ found, end }) =>
        this.batchOf(
          found.filter((a) => a.configured),
          to,
          end.timestamp,
        ),
      ),
      TE.chainFirst(({ batch }) => this.store.record(batch)),
      TE.map(({ batch }) => ({
        fromBlock: from,
        toBlock: to,
        activities: batch.activities.length,
        caughtUp: to === target,
      })),
    );
  }

  private stakingLogs(fromBlock: number, toBlock: number): Step<readonly EventLog[]> {
    const address = this.settings.stakingContracts;
    if (address.length === 0) return TE.right([]);
    return this.chain.logs({ address, topics: [[STAKED_TOPIC, UNSTAKED_TOPIC]], fromBlock, toBlock });
  }

  /** Token deployments, for UNSTAKE_AFTER_DEPLOY: read only for wallets that unstake. */
  private deploymentsOf(wallet: Address): Step<TokenDeployment[]> {
    return pipe(
      this.explorer.transactionsOf(wallet, { limit: this.settings.historyLimit }),
      TE.chain((page) => tokenDeploymentsOf(this.chain, wallet, page.items)),
    );
  }

  private batchOf(found: readonly StakeActivity[], toBlock: number, now: number): Step<LeaderboardBatch> {
    const stakes = found.filter((a) => a.kind === "stake");
    const touched = [...new Set(found.flatMap((a) => [a.staker, a.payer]))];
    const unstakers = [...new Set(found.filter((a) => a.kind === "unstake").flatMap((a) => [a.staker, a.payer]))];
    return pipe(
      sequenceS(TE.ApplyPar)({
        activities: priceActivities(this.prices, found),
        targetTiers: tiersOf(this.trust, stakes.map(stakeTarget)),
        deployers: deployersOf(this.explorer, stakes.flatMap(deployedThings)),
        vaultOwners: vaultOwnersOf(
          this.chain,
          stakes.map((a) => a.contract),
        ),
        deployments: this.perWallet(unstakers, (w) => this.deploymentsOf(w)),
        ageResets: this.perWallet(touched, (w) => this.resets.resetsOf(w)),
      }),
      TE.map((parts) => ({ toBlock, now, ...parts })),
    );
  }

  private perWallet<T>(wallets: readonly Address[], read: (wallet: Address) => Step<T>): Step<ReadonlyMap<Address, T>> {
    return pipe(
      TE.traverseArray(read)(wallets),
      TE.map((values) => new Map(wallets.map((w, i) => [w, values[i] as T]))),
    );
  }
}
