import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { LeaderboardBatch, LeaderboardPage, LeaderboardRow } from "./leaderboard-batch";
import { LeaderboardRanking, type RankedWallet } from "./leaderboard-ranking";
import { activityKey, stakeTarget, type PricedStakeActivity } from "./stake-activity";
import { committedScoreOf, standingAt } from "./stake-points";
import { FULL_COVERAGE, type StakeAgeReset, type TokenDeployment } from "./staking-evidence";
import { judgeStaking, type StakingJudgement } from "./staking-judgement";
import { findRingsThrough, stakeEdges, type StakeEdge, type StakingRing } from "./staking-rings";
import type { TargetTier } from "./target-trust";

interface WalletState {
  readonly activities: PricedStakeActivity[];
  deployments: readonly TokenDeployment[];
  ageResets: readonly StakeAgeReset[];
  readonly rings: Map<string, StakingRing>;
  judgement: StakingJudgement | null;
}

/**
 * Points move with chain time (days held, decay), so the ranking is evaluated at chain time
 * rounded down to this resolution: within it, blocks only move the wallets they touch.
 */
export const RANKING_RESOLUTION_SECONDS = 3_600;

const rankingTime = (clock: ChainTime): ChainTime =>
  Math.floor(clock / RANKING_RESOLUTION_SECONDS) * RANKING_RESOLUTION_SECONDS;

/**
 * Wallets ranked by duration-weighted standing (stake points), kept up to date incrementally:
 * a batch re-judges only the wallets it touches and moves them in the ranking; the whole
 * ranking is re-evaluated only when chain time crosses into a new resolution step (lazily,
 * on the next read). Wallets with any gaming flag, and wallets with no points yet, are not ranked.
 */
export class StakingLeaderboard {
  private readonly wallets = new Map<Address, WalletState>();
  private readonly seen = new Set<string>();
  private readonly graph = new Map<Address, Map<Address, StakeEdge[]>>();
  private readonly tiers = new Map<Address, TargetTier | null>();
  private readonly deployers = new Map<Address, Address>();
  private readonly owners = new Map<Address, Address | null>();
  /** Stakers by staked token and by staking contract: who to re-judge when a tier or deployer is learned. */
  private readonly stakersOf = new Map<Address, Set<Address>>();
  private ranking: LeaderboardRanking | null = null;
  private clock: ChainTime | null = null;
  private block: number | null = null;

  get lastIndexedBlock(): number | null {
    return this.block;
  }

  ingest(batch: LeaderboardBatch): void {
    const dirty = new Set<Address>();
    const learn = <V>(known: Map<Address, V>, fresh: ReadonlyMap<Address, V>): void =>
      fresh.forEach((value, key) => {
        if (known.has(key) && known.get(key) === value) return;
        known.set(key, value);
        this.stakersOf.get(key)?.forEach((w) => dirty.add(w));
      });
    learn(this.deployers, batch.deployers);
    learn(this.tiers, batch.targetTiers);
    batch.vaultOwners.forEach((owner, contract) => this.owners.set(contract, owner));
    for (const activity of batch.activities) this.addActivity(activity, dirty);
    for (const [wallet, list] of batch.deployments) {
      this.state(wallet).deployments = list;
      dirty.add(wallet);
    }
    for (const [wallet, list] of batch.ageResets) {
      this.state(wallet).ageResets = list;
      dirty.add(wallet);
    }
    dirty.forEach((wallet) => this.rejudge(wallet));
    this.clock = Math.max(this.clock ?? batch.now, batch.now);
    this.block = Math.max(this.block ?? batch.toBlock, batch.toBlock);
    const ranking = this.ranking;
    if (ranking === null || ranking.at !== rankingTime(this.clock)) this.ranking = null;
    else dirty.forEach((wallet) => ranking.update(wallet, this.rankedAt(wallet, ranking.at)));
  }

  top(limit: number, offset: number): LeaderboardPage {
    const ranking = this.rank();
    const rows = (ranking?.slice(offset, limit) ?? []).map((e, i): LeaderboardRow => ({
      rank: offset + i + 1,
      wallet: e.wallet,
      committedScore: committedScoreOf(e.totalPoints),
      totalPoints: e.totalPoints,
      stakeEvents: e.judgement.stakeEvents,
      uniqueStakeContracts: e.judgement.uniqueStakeContracts,
      longestLockDays: e.judgement.longestLockDays,
    }));
    return { rows, total: ranking?.size ?? 0, limit, offset, asOf: ranking?.at ?? null, asOfBlock: this.block };
  }

  private rank(): LeaderboardRanking | null {
    if (this.clock === null) return null;
    const at = rankingTime(this.clock);
    if (this.ranking?.at === at) return this.ranking;
    const entries: RankedWallet[] = [];
    for (const wallet of this.wallets.keys()) {
      const entry = this.rankedAt(wallet, at);
      if (entry !== null) entries.push(entry);
    }
    this.ranking = LeaderboardRanking.of(at, entries);
    return this.ranking;
  }

  private rankedAt(wallet: Address, at: ChainTime): RankedWallet | null {
    const judgement = this.wallets.get(wallet)?.judgement ?? null;
    if (judgement === null || judgement.gamingFlags.length > 0 || judgement.positions.length === 0) return null;
    const { totalPoints } = standingAt(judgement.positions, at);
    return totalPoints > 0 ? { wallet, totalPoints, judgement } : null;
  }

  private addActivity(activity: PricedStakeActivity, dirty: Set<Address>): void {
    const key = activityKey(activity);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    for (const wallet of new Set([activity.staker, activity.payer])) {
      this.state(wallet).activities.push(activity);
      dirty.add(wallet);
    }
    for (const involved of new Set([stakeTarget(activity), activity.contract])) {
      this.stakersOf.set(involved, (this.stakersOf.get(involved) ?? new Set()).add(activity.staker));
    }
    for (const edge of stakeEdges([activity], this.owners)) this.addEdge(edge, dirty);
  }

  private addEdge(edge: StakeEdge, dirty: Set<Address>): void {
    const out = this.graph.get(edge.from) ?? new Map<Address, StakeEdge[]>();
    this.graph.set(edge.from, out);
    out.set(edge.to, [...(out.get(edge.to) ?? []), edge]);
    for (const ring of findRingsThrough(edge.from, this.graph)) {
      const key = [...ring.members].sort().join(",");
      for (const member of ring.members) {
        this.state(member).rings.set(key, ring);
        dirty.add(member);
      }
    }
  }

  private state(wallet: Address): WalletState {
    let state = this.wallets.get(wallet);
    if (state === undefined) {
      state = { activities: [], deployments: [], ageResets: [], rings: new Map(), judgement: null };
      this.wallets.set(wallet, state);
    }
    return state;
  }

  private rejudge(wallet: Address): void {
    const state = this.state(wallet);
    state.judgement = judgeStaking({
      wallet,
      activities: state.activities,
      targetTiers: this.tiers,
      deployers: this.deployers,
      deployments: state.deployments,
      ageResets: state.ageResets,
      rings: [...state.rings.values()],
      coverage: FULL_COVERAGE,
    });
  }
}
