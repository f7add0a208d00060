import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { GamingFlag } from "./gaming-flag";
import { committedScoreOf, scoreBoostOf, standingAt } from "./stake-points";
import type { StakingEvidence } from "./staking-evidence";
import { judgeStaking } from "./staking-judgement";
import { stakingObservations } from "./staking-observations";

/** the API's StakingSignal, field for field. */
export interface StakingSignal {
  readonly wallet: Address;
  readonly committedScore: number;
  readonly totalPoints: number;
  readonly stakeEvents: number;
  readonly unstakeEvents: number;
  readonly uniqueStakeContracts: number;
  readonly longestLockDays: number;
  readonly gamingFlags: readonly GamingFlag[];
  readonly observations: readonly string[];
  /** Bounded bonus (0..10) for wallet and deployer scoring; 0 whenever a gaming flag is present. */
  readonly scoreBoost: number;
  readonly formula: {
    readonly diversityBonusApplied: boolean;
    readonly consistencyBonusApplied: boolean;
    readonly decayFactor: number;
    readonly positionsAwarded: number;
    readonly positionsVoided: number;
  };
}

/** Applies every staking rule to the wallet's evidence at chain time `now`. */
export function assessStaking(evidence: StakingEvidence, now: ChainTime): StakingSignal {
  const judgement = judgeStaking(evidence);
  const standing = standingAt(judgement.positions, now);
  const committedScore = committedScoreOf(standing.totalPoints);
  return {
    wallet: evidence.wallet,
    committedScore,
    totalPoints: standing.totalPoints,
    stakeEvents: judgement.stakeEvents,
    unstakeEvents: judgement.unstakeEvents,
    uniqueStakeContracts: judgement.uniqueStakeContracts,
    longestLockDays: judgement.longestLockDays,
    gamingFlags: judgement.gamingFlags,
    observations: stakingObservations(evidence, judgement, standing, now),
    scoreBoost: scoreBoostOf(committedScore, judgement.gamingFlags.length),
    formula: {
      diversityBonusApplied: standing.diversityBonusApplied,
      consistencyBonusApplied: standing.consistencyBonusApplied,
      decayFactor: standing.decayFactor,
      positionsAwarded: standing.positionsAwarded,
      positionsVoided: judgement.positions.filter((p) => p.voided).length,
    },
  };
}
