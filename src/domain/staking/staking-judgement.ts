import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { GamingFlag } from "./gaming-flag";
import { stakeTarget } from "./stake-activity";
import type { ScorablePosition } from "./stake-points";
import { buildPositions, type StakePosition } from "./stake-positions";
import type { StakeAgeReset, StakingEvidence } from "./staking-evidence";
import { gamingFlagsOf } from "./staking-gaming-flags";
import {
  churnedPositions,
  DAY_SECONDS,
  effectiveStakeStart,
  isBlockedTarget,
  isMature,
  ringStakeTxs,
  selfStakedDeployment,
} from "./staking-rules";
import type { TargetTier } from "./target-trust";
import { isCredibleTier } from "./target-trust";

export type VoidReason = "STAKE_ON_OWN_TOKEN" | "BLOCKED_TARGET" | "STAKING_RING" | "STAKE_CHURN";

export interface JudgedPosition extends StakePosition, ScorablePosition {
  readonly target: Address;
  readonly ageReset: StakeAgeReset | null;
  readonly voidedBy: VoidReason | null;
  readonly selfDeployed: Address | null;
}

/** Everything about a wallet's staking that changes only when new evidence arrives (not with time). */
export interface StakingJudgement {
  readonly wallet: Address;
  readonly positions: readonly JudgedPosition[];
  readonly gamingFlags: readonly GamingFlag[];
  readonly stakeEvents: number;
  readonly unstakeEvents: number;
  readonly uniqueStakeContracts: number;
  readonly longestLockDays: number;
}

const lockDaysOf = (p: StakePosition): number =>
  p.lockUntil === null ? 0 : Math.max(0, (p.lockUntil - p.start) / DAY_SECONDS);

function judgePosition(
  p: StakePosition,
  evidence: StakingEvidence,
  ringTxs: ReadonlySet<string>,
  churned: ReadonlySet<StakePosition>,
): JudgedPosition {
  const target = stakeTarget(p);
  const tier: TargetTier | null = evidence.targetTiers.get(target) ?? null;
  const selfDeployed = selfStakedDeployment(p, evidence.deployers);
  const { start, reset } = effectiveStakeStart(p, evidence.ageResets);
  const voidedBy: VoidReason | null =
    selfDeployed !== null
      ? "STAKE_ON_OWN_TOKEN"
      : isBlockedTarget(tier)
        ? "BLOCKED_TARGET"
        : ringTxs.has(p.stakeTx)
          ? "STAKING_RING"
          : churned.has(p)
            ? "STAKE_CHURN"
            : null;
  // Spelled out rather than spread: spread copies were the leaderboard's hottest line.
  return {
    staker: p.staker,
    payer: p.payer,
    contract: p.contract,
    asset: p.asset,
    amount: p.amount,
    usd: p.usd,
    start: p.start,
    lockUntil: p.lockUntil,
    end: p.end,
    stakeTx: p.stakeTx,
    unstakeTx: p.unstakeTx,
    configured: p.configured,
    target,
    tier,
    selfDeployed,
    voidedBy,
    ageReset: reset,
    effectiveStart: start,
    lockDays: lockDaysOf(p),
    credible: p.configured || isCredibleTier(tier),
    voided: voidedBy !== null,
  };
}

export function judgeStaking(evidence: StakingEvidence): StakingJudgement {
  const { wallet, activities } = evidence;
  const positions = buildPositions(wallet, activities);
  const ringTxs = ringStakeTxs(wallet, evidence.rings);
  const churned = new Set(churnedPositions(positions));
  const judged = positions.map((p) => judgePosition(p, evidence, ringTxs, churned));
  const own = activities.filter((a) => a.staker === wallet);
  return {
    wallet,
    positions: judged,
    gamingFlags: gamingFlagsOf(evidence, judged),
    stakeEvents: own.filter((a) => a.kind === "stake").length,
    unstakeEvents: own.filter((a) => a.kind === "unstake").length,
    uniqueStakeContracts: new Set(own.filter((a) => a.kind === "stake").map((a) => a.contract)).size,
    longestLockDays: Math.round(Math.max(0, ...judged.map((p) => p.lockDays)) * 10) / 10,
  };
}

/** Stakes younger than the minimum age at `now`, for the observations. */
export function immaturePositions(judgement: StakingJudgement, now: ChainTime): JudgedPosition[] {
  return judgement.positions.filter((p) => !p.voided && p.end === null && !isMature(p.effectiveStart, p.end, now));
}
