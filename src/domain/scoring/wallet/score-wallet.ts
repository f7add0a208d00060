import type { Address } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { ShortfallList, coverageShortfall } from "../common/confidence";
import { chronological } from "../common/math";
import { assessEvidence } from "../common/evidence-coverage";
import { finalizeScore } from "../common/finalize";
import { type Flag, raiseFlag } from "../flag";
import type { BuyerFunding } from "../profiles/token-profile";
import type { WalletProfile } from "../profiles/wallet-profile";
import type { ScoreResult } from "../score-result";
import { EVIDENCE, WALLET } from "../thresholds";
import { walletActivity } from "./activity";
import { deploymentFindings } from "./deployments";
import { firstFundedBy, firstFunding, sharedFundingFlag } from "./funding";
import { participationFlags } from "./market-participation";
import { concentrationFlag, selfInteractionFlag } from "./self-and-concentration";
import { poisoningSenderFlag, poisoningTargetFlag, poisoningVictimCandidates } from "./poisoning";
import { stakingFlags } from "./staking-flags";
import { regularIntervalsFlag, velocityBurstFlag } from "./timing";
import { washTradingFlag } from "./wash-trading";
import { walletComponents } from "./wallet-components";
import { graphBoostOffered, sybilClusterFlag } from "./graph-signals";

function isFresh(ageDays: number, transactions: number): boolean {
  return ageDays < WALLET.freshWalletAgeDays || transactions <= WALLET.freshWalletMaxTransactions;
}

/** Scores a wallet from its whole history plus the markets and deployments around it. Linear in the history. */
export function scoreWallet(profile: WalletProfile, now: ChainTime): ScoreResult {
  const self = profile.address;
  const activity = walletActivity(profile, now);
  const sent = chronological(profile.transactions.items.filter((tx) => tx.from === self));
  const fundedByWallet = new Set<Address>();
  for (const tx of profile.transactions.items)
    if (tx.from === self && tx.to !== null && tx.value > 0n) fundedByWallet.add(tx.to);
  // Pools and staking contracts give back what was sent by design: not wash-trading counterparties.
  const notWashCounterparties = new Set<Address>(profile.stakingContracts);
  for (const m of [
    ...profile.tradedTokens.map((t) => t.market),
    ...profile.deployments.flatMap((d) => (d.market === null ? [] : [d.market])),
  ]) {
    for (const p of m.pools) notWashCounterparties.add(p.pool);
  }
  const knownFunding: ReadonlyMap<Address, BuyerFunding> =
    profile.funding === null ? new Map() : firstFundedBy(profile.funding);
  const deployments = deploymentFindings(self, profile.deployments, fundedByWallet);
  const fresh = isFresh(activity.ageDays, activity.transactionCount);
  const flags: Flag[] = [
    ...[
      washTradingFlag(profile, notWashCounterparties),
      velocityBurstFlag(sent),
      regularIntervalsFlag(sent),
      selfInteractionFlag(profile),
      poisoningTargetFlag(profile),
      poisoningSenderFlag(profile),
      concentrationFlag(activity.interactions),
      profile.funding === null ? null : sharedFundingFlag(profile.funding, self),
      sybilClusterFlag(profile.graph?.cluster ?? null),
      fresh
        ? raiseFlag("FRESH_WALLET", {
            detail: `First seen ${activity.ageDays} days ago with ${activity.transactionCount} transaction(s).`,
            figures: { ageDays: activity.ageDays, transactions: activity.transactionCount },
          })
        : null,
    ].filter((f): f is Flag => f !== null),
    ...participationFlags(self, profile.tradedTokens, knownFunding),
    ...deployments.flags,
    ...stakingFlags(profile.staking),
  ];

  const shortfalls = new ShortfallList();
  shortfalls.add(
    coverageShortfall(profile.transactions.coverage, "transactions", 25, "age and activity are lower bounds"),
  );
  shortfalls.add(coverageShortfall(profile.tokenTransfers.coverage, "token transfers", 10));
  shortfalls.add(coverageShortfall(profile.nftTransfers.coverage, "NFT transfers", 5));
  // How little was seen is no longer a cost here: the evidence assessment caps confidence instead.
  const evidence = assessEvidence(
    {
      events: activity.transactionCount + profile.tokenTransfers.items.length + profile.nftTransfers.items.length,
      activeDays: activity.activeDays,
      counterparties: activity.counterparties,
      historyComplete:
        profile.transactions.coverage.complete &&
        profile.tokenTransfers.coverage.complete &&
        profile.nftTransfers.coverage.complete,
      simulationRan: null,
    },
    EVIDENCE.wallet,
    "wallet",
  );
  const funder = firstFunding(profile.transactions.items, self);
  shortfalls.when(
    funder !== null && profile.funding?.funder !== funder.from,
    5,
    "The first funder's history was not read: SHARED_FUNDING_SOURCE was not checked.",
  );
  shortfalls.when(
    profile.tradedTokensSkipped > 0,
    10,
    `${profile.tradedTokensSkipped} traded token(s) were not examined for coordinated buys or exit syncs.`,
  );
  shortfalls.when(
    profile.poisoningVictims === undefined &&
      poisoningVictimCandidates(self, profile.tokenTransfers.items, profile.transactions.items, profile.nativeDecimals)
        .length > 0,
    0,
    "The wallet sent zero-value transfers or dust, but the receivers' histories were not read: ADDRESS_POISONING_SENDER was not checked.",
  );
  shortfalls.when(
    (profile.poisoningVictimsSkipped ?? 0) > 0,
    0,
    `${profile.poisoningVictimsSkipped ?? 0} receiver(s) of the wallet's zero-value transfers or dust were not read (past the bound of ${WALLET.poisoningMaxVictims}, or their history could not be read): ADDRESS_POISONING_SENDER may be incomplete.`,
  );
  shortfalls.when(profile.deploymentsSkipped > 0, 5, `${profile.deploymentsSkipped} deployment(s) were not examined.`);
  shortfalls.when(
    activity.balanceUsd === null,
    0,
    "No price for the native token: the balance is not valued in dollars.",
  );
  shortfalls.when(profile.staking === null, 0, "Staking analysis was not available: no staking boost considered.");
  shortfalls.when(
    profile.graph === null,
    0,
    "Graph trust has not been computed yet: no sybil-cluster check and no graph-trust boost.",
  );

  return finalizeScore({
    subject: self,
    subjectType: "wallet",
    officialIssuer: false,
    components: walletComponents(activity, deployments.adopted),
    flags,
    stakingBoostOffered: profile.staking?.scoreBoost ?? 0,
    stakingBoostMax: WALLET.maxStakingBoost,
    graphBoostOffered: graphBoostOffered(profile.graph),
    shortfalls: shortfalls.all(),
    evidence,
    state: fresh ? "mining" : "graduated",
    now,
  });
}
