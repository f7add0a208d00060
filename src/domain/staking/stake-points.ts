import type { Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import { DAY_SECONDS, heldDays, isMature } from "./staking-rules";
import type { TargetTier } from "./target-trust";
import { trustFactor } from "./target-trust";

/**
 * Rules 7-9 of the brief: points rise with lock length, real size and target trust, and with
 * time held (duration-weighted, not dollars); diversity and consistency add a bonus; decay
 * after inactivity is gradual. Every factor is non-decreasing in its input, so growing one
 * input with the rest fixed never lowers the total (checked by property tests).
 */

export interface ScorablePosition {
  readonly usd: number | null;
  readonly lockDays: number;
  readonly tier: TargetTier | null;
  readonly effectiveStart: ChainTime;
  readonly end: ChainTime | null;
  /** Counts toward the diversity bonus: a configured contract or a MEDIUM-or-better target. */
  readonly credible: boolean;
  readonly contract: Address;
  /** Voided positions score nothing and do not count for bonuses or decay. */
  readonly voided: boolean;
}

const MAX_LOCK_DAYS = 730;
const MAX_HELD_DAYS = 365;
export const DIVERSITY_MIN_CONTRACTS = 2;
export const DIVERSITY_BONUS = 1.1;
export const CONSISTENCY_MIN_DAYS = 90;
export const CONSISTENCY_BONUS = 1.15;
export const DECAY_GRACE_DAYS = 30;
export const DECAY_HALF_LIFE_DAYS = 180;

/** Dollars on a log scale: $1k is 3, $100k is 5, so whales do not drown out time held. */
export const sizeFactor = (usd: number | null): number => Math.log10(1 + Math.max(0, usd ?? 0));
export const lockFactor = (lockDays: number): number => 1 + Math.min(Math.max(0, lockDays), MAX_LOCK_DAYS) / 365;
/** Duration weight: one point-month per 30 days held, capped at a year. */
export const durationFactor = (days: number): number => Math.min(days, MAX_HELD_DAYS) / 30;

export function positionPoints(p: ScorablePosition, now: ChainTime): number {
  if (p.voided || !isMature(p.effectiveStart, p.end, now)) return 0;
  const held = heldDays(p.effectiveStart, p.end, now);
  return sizeFactor(p.usd) * lockFactor(p.lockDays) * trustFactor(p.tier) * durationFactor(held);
}

/** Days covered by at least one earning position (overlaps counted once). */
function coveredDays(spans: readonly (readonly [number, number])[]): number {
  let covered = 0;
  let reach = -Infinity;
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(from, reach);
    if (to > start) covered += to - start;
    reach = Math.max(reach, to);
  }
  return covered / DAY_SECONDS;
}

/** 1 while anything is staked; after a grace period, halves every DECAY_HALF_LIFE_DAYS. */
export function decayFactor(positions: readonly ScorablePosition[], now: ChainTime): number {
  const live = positions.filter((p) => !p.voided);
  if (live.length === 0 || live.some((p) => p.end === null)) return 1;
  const lastEnd = Math.max(...live.map((p) => p.end ?? now));
  const idleDays = Math.max(0, (now - lastEnd) / DAY_SECONDS - DECAY_GRACE_DAYS);
  return Math.pow(0.5, idleDays / DECAY_HALF_LIFE_DAYS);
}

export interface Standing {
  readonly totalPoints: number;
  readonly diversityBonusApplied: boolean;
  readonly consistencyBonusApplied: boolean;
  readonly decayFactor: number;
  readonly positionsAwarded: number;
}

export function standingAt(positions: readonly ScorablePosition[], now: ChainTime): Standing {
  // Plain loop: the leaderboard runs this for every ranked wallet whenever chain time moves.
  let base = 0;
  const credible = new Set<Address>();
  const spans: (readonly [number, number])[] = [];
  for (const p of positions) {
    const points = positionPoints(p, now);
    if (points <= 0) continue;
    base += points;
    if (p.credible) credible.add(p.contract);
    spans.push([p.effectiveStart, Math.min(p.end ?? now, now)]);
  }
  const diversity = credible.size >= DIVERSITY_MIN_CONTRACTS;
  const consistency = coveredDays(spans) >= CONSISTENCY_MIN_DAYS;
  const decay = decayFactor(positions, now);
  const total = base * (diversity ? DIVERSITY_BONUS : 1) * (consistency ? CONSISTENCY_BONUS : 1) * decay;
  return {
    totalPoints: Math.round(total * 100) / 100,
    diversityBonusApplied: diversity,
    consistencyBonusApplied: consistency,
    decayFactor: Math.round(decay * 1000) / 1000,
    positionsAwarded: spans.length,
  };
}

/** 0..99.9, saturating: the first points matter most, and no wallet reaches 100 (floored, not rounded). */
export const committedScoreOf = (totalPoints: number): number =>
  Math.floor(1000 * (1 - Math.exp(-Math.max(0, totalPoints) / 60))) / 10;

export const MAX_SCORE_BOOST = 10;

/** The bounded bonus scoring may add; any gaming flag forces it to zero. */
export const scoreBoostOf = (committedScore: number, gamingFlags: number): number =>
  gamingFlags > 0 ? 0 : Math.round(Math.min(MAX_SCORE_BOOST, Math.max(0, committedScore / 10)) * 100) / 100;
