import type { Address } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { component } from "../breakdown";
import { ShortfallList, coverageShortfall } from "../common/confidence";
import {
  deployerOf,
  contractAgeDays,
  creationShortfall,
  deployerScoreShortfall,
  deployerTrustFlag,
  youngContractFlag,
} from "../common/creator-checks";
import { assessEvidence, distinctDays } from "../common/evidence-coverage";
import { finalizeScore } from "../common/finalize";
import { logScale, round2, sqrtScale } from "../common/math";
import { type Flag, raiseFlag } from "../flag";
import { flagRule } from "../flag-catalogue";
import type { ContractProfile } from "../profiles/contract-profile";
import type { ScoreResult } from "../score-result";
import { CONTRACT, EVIDENCE } from "../thresholds";
import { selfDestructFlag } from "../token/capability-flags";
import { ownerPrivileges } from "../token/owner-privileges";

function failureRateFlag(total: number, failed: number): Flag | null {
  if (total < CONTRACT.failureRateMinTransactions || failed / total < CONTRACT.failureRateShare) return null;
  return raiseFlag("HIGH_FAILURE_RATE", {
    detail: `${failed} of ${total} transactions into the contract reverted.`,
    figures: { transactions: total, failed, share: round2(failed / total) },
  });
}

/** Scores a contract that is neither an ERC-20 nor an NFT, by its use, age, deployer and upgrade powers. */
export function scoreContract(profile: ContractProfile, now: ChainTime): ScoreResult {
  const creator = deployerOf(profile.creation);
  const users = new Set<Address>();
  let calls = 0;
  let failed = 0;
  const callTimes: number[] = [];
  for (const tx of profile.transactions.items) {
    if (tx.to !== profile.contract) continue;
    calls++;
    callTimes.push(tx.timestamp);
    if (!tx.success) failed++;
    if (tx.from !== creator) users.add(tx.from);
  }
  const age = contractAgeDays(profile.creation, now);
  const privileges = ownerPrivileges(profile.bytecode, null);
  const flags: Flag[] = [
    ...privileges.flags.filter((f) => flagRule(f.code).appliesTo.includes("contract")),
    ...[
      selfDestructFlag(profile.bytecode, null),
      failureRateFlag(calls, failed),
      youngContractFlag(profile.creation, age),
      deployerTrustFlag(profile.creation, profile.deployerWalletScore),
    ].filter((f): f is Flag => f !== null),
  ];
  const shortfalls = new ShortfallList();
  shortfalls.add(coverageShortfall(profile.transactions.coverage, "transactions", 20));
  shortfalls.when(calls < 10, 25, `Sparse data: ${calls} call(s) into the contract seen.`);
  shortfalls.when(
    privileges.delegates,
    10,
    "The contract is a proxy: the implementation's functions were not inspected.",
  );
  shortfalls.add(creationShortfall(profile.creation));
  shortfalls.add(deployerScoreShortfall(profile.deployerWalletScore));
  const evidence = assessEvidence(
    {
      events: calls,
      activeDays: distinctDays(callTimes),
      counterparties: users.size,
      historyComplete: profile.transactions.coverage.complete,
      simulationRan: null,
    },
    EVIDENCE.contract,
    "contract",
  );
  const successShare = calls === 0 ? 0 : (calls - failed) / calls;
  const deployer = profile.deployerWalletScore;
  return finalizeScore({
    subject: profile.contract,
    subjectType: "contract",
    officialIssuer: false,
    components: [
      component(
        "users",
        "distinct users",
        users.size,
        "callers",
        logScale(users.size, 100, 35),
        35,
        "More independent callers",
      ),
      component("calls", "call count", calls, "calls", logScale(calls, 500, 15), 15, "More use"),
      component(
        "age",
        "contract age",
        age ?? 0,
        "days",
        sqrtScale(age ?? 0, 180, 25),
        25,
        "More time on chain without incident",
      ),
      component(
        "success",
        "call success rate",
        successShare * 100,
        "% succeeded",
        successShare * 10,
        10,
        "Fewer reverted calls",
      ),
      component(
        "deployer",
        "deployer trust",
        deployer?.score ?? 0,
        "deployer score",
        deployer === null ? 5 : (deployer.score / 100) * 15,
        15,
        "A deployer with a stronger wallet record",
      ),
    ],
    flags,
    stakingBoostOffered: 0,
    stakingBoostMax: 0,
    shortfalls: shortfalls.all(),
    evidence,
    state: users.size < CONTRACT.miningMinUsers ? "mining" : "graduated",
    now,
  });
}
