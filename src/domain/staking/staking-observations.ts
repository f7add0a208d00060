import type { ChainTime } from "../chain/chain-types";
import type { Standing } from "./stake-points";
import type { StakingEvidence } from "./staking-evidence";
import { immaturePositions, type StakingJudgement } from "./staking-judgement";
import { DAY_SECONDS, MIN_STAKE_AGE_DAYS } from "./staking-rules";

const days = (seconds: number): string => `${Math.max(0, Math.floor(seconds / DAY_SECONDS))}`;
const date = (at: ChainTime): string => new Date(at * 1000).toISOString().slice(0, 10);

/** Readable sentences that explain the signal, including what discovery could not see. */
export function stakingObservations(
  evidence: StakingEvidence,
  judgement: StakingJudgement,
  standing: Standing,
  now: ChainTime,
): string[] {
  const { coverage } = evidence;
  const notes: string[] = [];
  const found = judgement.stakeEvents + judgement.unstakeEvents;
  if (found === 0) {
    notes.push(
      "No staking was found. Discovery covers the configured staking contracts, common stake/unstake selectors and Staked/Unstaked events, so a zero result does not prove the wallet never staked.",
    );
  } else {
    notes.push(
      `Found ${judgement.stakeEvents} stake and ${judgement.unstakeEvents} unstake event(s) across ${judgement.uniqueStakeContracts} staking contract(s); ${standing.positionsAwarded} position(s) earn points.`,
    );
  }
  if (coverage.historyTruncatedAt !== null) {
    notes.push(
      `Transaction history was cut at ${coverage.historyTruncatedAt} items, so older staking may be missing; a zero or low result does not prove the wallet never staked.`,
    );
  }
  if (coverage.eventsFromBlock !== null) {
    notes.push(
      `Staking events were read from block ${coverage.eventsFromBlock} on; stakes made for this wallet before then may be missing.`,
    );
  }
  if (coverage.receiptsSkipped > 0) {
    notes.push(`${coverage.receiptsSkipped} older candidate transaction(s) were not inspected (read bound reached).`);
  }
  if (coverage.unconfiguredContracts.length > 0) {
    notes.push(
      `${coverage.unconfiguredContracts.length} staking contract(s) outside the configured list were found by selector or event; they count only where a real value or token movement was seen.`,
    );
  }
  for (const p of immaturePositions(judgement, now)) {
    notes.push(
      `Stake ${p.stakeTx} is ${days(now - p.effectiveStart)} day(s) old; stakes earn points only after ${MIN_STAKE_AGE_DAYS} days.`,
    );
  }
  for (const p of judgement.positions.filter((q) => q.ageReset !== null)) {
    const reset = p.ageReset as NonNullable<typeof p.ageReset>;
    const why = reset.reason === "COORDINATED_EXIT" ? "a coordinated exit" : "wash trading";
    notes.push(
      `Stake ${p.stakeTx} had its age reset on ${date(reset.at)} for taking part in ${why} (${reset.evidence}).`,
    );
  }
  const unpriced = judgement.positions.filter((p) => p.usd === null && !p.voided).length;
  if (unpriced > 0) notes.push(`${unpriced} position(s) could not be priced in dollars and count no size.`);
  const paidForOthers = evidence.activities.filter((a) => a.payer === evidence.wallet && a.staker !== evidence.wallet);
  if (paidForOthers.length > 0)
    notes.push(
      `The wallet paid ${paidForOthers.length} stake(s) credited to other wallets; those count for them, not for it.`,
    );
  if (standing.decayFactor < 1)
    notes.push(`Nothing has been staked for a while, so points decay gradually (factor ${standing.decayFactor}).`);
  if (judgement.gamingFlags.length > 0)
    notes.push("Gaming patterns were found, so staking adds nothing to this wallet's score.");
  return notes;
}
