import type { Address } from "../chain/address";
import type { ChainTime, TxHash } from "../chain/chain-types";
import type { StakeActivity } from "./stake-activity";
import type { StakeAgeReset, TokenDeployment } from "./staking-evidence";
import type { StakePosition } from "./stake-positions";
import type { StakingRing } from "./staking-rings";
import type { TargetTier } from "./target-trust";

/** The gating rules of the API's StakingSignal, one function each. Points live in stake-points.ts. */

export const DAY_SECONDS = 86_400;
/** API contract limits: minimum stake age for points. */
export const MIN_STAKE_AGE_DAYS = 7;

export function heldDays(effectiveStart: ChainTime, end: ChainTime | null, now: ChainTime): number {
  return Math.max(0, (Math.min(end ?? now, now) - effectiveStart) / DAY_SECONDS);
}

/** Rule 1: a stake younger than 7 days (chain time) earns nothing. */
export function isMature(effectiveStart: ChainTime, end: ChainTime | null, now: ChainTime): boolean {
  return heldDays(effectiveStart, end, now) >= MIN_STAKE_AGE_DAYS;
}

/** Rule 2: the staker created the staked token or the staking contract. Returns what they deployed. */
export function selfStakedDeployment(
  position: Pick<StakePosition, "staker" | "asset" | "contract">,
  deployers: ReadonlyMap<Address, Address>,
): Address | null {
  const candidates = position.asset === "native" ? [position.contract] : [position.asset, position.contract];
  return candidates.find((deployed) => deployers.get(deployed) === position.staker) ?? null;
}

/** Rule 3: staking on a BLOCKED target earns zero. */
export const isBlockedTarget = (tier: TargetTier | null): boolean => tier === "BLOCKED";

/** Rule 4: taking part in a coordinated exit or wash trading restarts the stake's age. */
export function effectiveStakeStart(
  position: Pick<StakePosition, "start" | "end">,
  resets: readonly StakeAgeReset[],
): { readonly start: ChainTime; readonly reset: StakeAgeReset | null } {
  const inside = resets.filter((r) => r.at > position.start && (position.end === null || r.at <= position.end));
  const latest = inside.reduce<StakeAgeReset | null>((acc, r) => (acc === null || r.at > acc.at ? r : acc), null);
  return { start: latest?.at ?? position.start, reset: latest };
}

/** Rule 5: stakes that form part of a ring through the wallet are voided. */
export function ringStakeTxs(wallet: Address, rings: readonly StakingRing[]): ReadonlySet<TxHash> {
  return new Set(rings.filter((r) => r.members.includes(wallet)).flatMap((r) => r.edges.map((e) => e.txHash)));
}

export interface ActivityPair<A, B> {
  readonly first: A;
  readonly then: B;
}

/** Rule 6: the wallet unstaked after it deployed a token. */
export function unstakesAfterDeploy(
  wallet: Address,
  activities: readonly StakeActivity[],
  deployments: readonly TokenDeployment[],
): ActivityPair<TokenDeployment, StakeActivity>[] {
  const unstakes = activities.filter((a) => a.kind === "unstake" && (a.staker === wallet || a.payer === wallet));
  return deployments.flatMap((d) =>
    unstakes.filter((u) => u.timestamp >= d.timestamp).map((u) => ({ first: d, then: u })),
  );
}

/** Same-day churn: a stake and an unstake of the same position within 24 hours of chain time. */
export function churnedPositions(positions: readonly StakePosition[]): StakePosition[] {
  return positions.filter((p) => p.end !== null && p.end - p.start < DAY_SECONDS);
}
