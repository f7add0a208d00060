import type { Address } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { ShortfallList, coverageShortfall } from "../common/confidence";
import {
  contractAgeDays,
  creationShortfall,
  deployerScoreShortfall,
  deployerTrustFlag,
  youngContractFlag,
} from "../common/creator-checks";
import { assessEvidence, distinctDays } from "../common/evidence-coverage";
import { finalizeScore } from "../common/finalize";
import { verifiedIssuerResult } from "../common/verified-issuer";
import type { Flag } from "../flag";
import { analyzeMarket } from "../market/trades";
import type { TokenProfile } from "../profiles/token-profile";
import type { ScoreResult } from "../score-result";
import type { ScoreState } from "../subject";
import { EVIDENCE, TOKEN } from "../thresholds";
import { distributionFlags, holderDistribution } from "./holder-distribution";
import { holderQualityFlag } from "./holder-quality";
import { liquidityFlags, readLiquidity } from "./liquidity";
import { marketFindings } from "./market-flags";
import { capabilityFindings, selfDestructFlag } from "./capability-flags";
import { mintedAfterLaunchFlag } from "./capability-history";
import { airdropSpamFlag, impersonationFlag, withShippedIdentities } from "./impersonation";
import { holderFacts } from "./holder-facts";
import { unbackedBalanceFlag } from "./unbacked-balances";
import { upgradeableProxyFlag } from "./proxy-flags";
import { ownerPrivileges } from "./owner-privileges";
import { simulationFindings } from "./sell-simulation";
import { tokenComponents } from "./token-components";
import { holdersInOneClusterFlag } from "./holders-in-cluster";

/** Scores an ERC-20 from its holders, market, bytecode, sell simulation and deployer. Pure; `now` is chain time. */
export function scoreToken(profile: TokenProfile, now: ChainTime): ScoreResult {
  if (profile.officialIssuer) return verifiedIssuerResult(profile.token, "token", now);
  const market = profile.market;
  const analysis = analyzeMarket(market);
  const distribution = holderDistribution(profile.holders.items, market, profile.metadata.totalSupply);
  const liquidity = readLiquidity(market.pools);
  const age = contractAgeDays(profile.creation, now);
  const simulation = simulationFindings(profile.sellSimulation, analysis);
  const marketResult = marketFindings(market, analysis, profile.buyerFunding);
  const privileges = ownerPrivileges(profile.bytecode, market.owner);
  const proxy = profile.capabilities?.proxy ?? null;
  // With the proxy's slots read, UPGRADEABLE_PROXY says which implementation and who can upgrade.
  const privilegeFlags =
    proxy === null
      ? privileges.flags
      : [...privileges.flags.filter((f) => f.code !== "UPGRADEABLE_PROXY"), upgradeableProxyFlag(proxy)];
  const quality = profile.holderQuality === null ? null : holderQualityFlag(profile.holderQuality);
  const notAssessed = new Set<Address | null>([market.deployer, market.owner, ...market.pools.map((p) => p.pool)]);
  const clustered =
    profile.holderClusters === null || profile.holderClusters === undefined
      ? null
      : holdersInOneClusterFlag(
          profile.holders.items.map((h) => h.holder).filter((h) => !notAssessed.has(h)),
          profile.holderClusters,
        );
  const capabilities = capabilityFindings(profile.capabilities, {
    measuredSellTaxBps: simulation.sellTaxBps,
    blacklistedNow: simulation.blacklistedHolders,
  });
  // A mint the probes proved, with its measured reach, replaces the guess from a dispatched mint selector.
  const provenMint = capabilities.flags.some((f) => f.code === "OWNER_CAN_MINT");
  const flags: Flag[] = [
    ...simulation.flags,
    ...marketResult.flags,
    ...distributionFlags(distribution, market),
    ...liquidityFlags(market.pools, liquidity),
    ...privilegeFlags.filter((f) => !(provenMint && f.code === "OWNER_CAN_MINT")),
    ...capabilities.flags,
    ...[
      selfDestructFlag(profile.bytecode, proxy?.implementationCode ?? null),
      mintedAfterLaunchFlag(market, profile.metadata.totalSupply),
      unbackedBalanceFlag(market, profile.metadata.totalSupply),
      impersonationFlag(profile.token, profile.metadata, withShippedIdentities(profile.references)),
      airdropSpamFlag(market.transfers.items, new Set(market.pools.map((p) => p.pool))),
      youngContractFlag(profile.creation, age),
      deployerTrustFlag(profile.creation, profile.deployerWalletScore),
      quality,
      clustered,
    ].filter((f): f is Flag => f !== null),
  ];
  const traders = new Set<Address>();
  for (const t of analysis.trades) if (!analysis.privileged.has(t.trader)) traders.add(t.trader);

  const shortfalls = new ShortfallList();
  simulation.shortfalls.forEach((s) => shortfalls.add(s));
  marketResult.shortfalls.forEach((s) => shortfalls.add(s));
  capabilities.shortfalls.forEach((s) => shortfalls.add(s));
  shortfalls.add(coverageShortfall(market.transfers.coverage, "token transfers", 15));
  shortfalls.add(coverageShortfall(profile.holders.coverage, "holders", 5, "the holder count is a lower bound"));
  market.pools.forEach((p) =>
    shortfalls.add(coverageShortfall(p.lpTransfers.coverage, `LP transfers of pool ${p.pool}`, 5)),
  );
  shortfalls.when(
    distribution.holderCount < TOKEN.miningMinHolders,
    20,
    `Only ${distribution.holderCount} holder(s): distribution and flow checks have little to go on.`,
  );
  shortfalls.when(
    liquidity.hasLiquidity && liquidity.liquidityUsd === null,
    5,
    "No price for the pools' quote token: liquidity is not valued in dollars.",
  );
  shortfalls.when(
    privileges.delegates && proxy === null,
    10,
    "The contract is a proxy: the implementation's functions were not inspected.",
  );
  shortfalls.when(profile.holderQuality === null, 5, "Purchasing holders' quality was not assessed.");
  shortfalls.add(creationShortfall(profile.creation));
  shortfalls.add(deployerScoreShortfall(profile.deployerWalletScore));

  const evidence = assessEvidence(
    {
      events: market.transfers.items.length,
      activeDays: distinctDays(market.transfers.items.map((t) => t.timestamp)),
      counterparties: distribution.holderCount,
      historyComplete: market.transfers.coverage.complete && profile.holders.coverage.complete,
      simulationRan: profile.sellSimulation !== null,
    },
    EVIDENCE.token,
    "token",
  );
  const state: ScoreState =
    !liquidity.hasLiquidity || distribution.holderCount < TOKEN.miningMinHolders ? "mining" : "graduated";
  return finalizeScore({
    subject: profile.token,
    subjectType: "token",
    officialIssuer: false,
    components: tokenComponents({
      distribution,
      liquidity,
      ageDays: age,
      deployer: profile.deployerWalletScore,
      traders: traders.size,
    }),
    flags,
    stakingBoostOffered: profile.deployerStakingBoost,
    stakingBoostMax: TOKEN.maxDeployerStakingBoost,
    shortfalls: shortfalls.all(),
    evidence,
    holderFacts: holderFacts({
      market,
      analysis,
      holders: profile.holders.items,
      totalSupply: profile.metadata.totalSupply,
      top10Share: distribution.top10Share,
      buyerFunding: profile.buyerFunding,
      lpLocks: profile.lpLocks ?? null,
      deployerFunding: profile.deployerFunding ?? null,
      now,
    }),
    state,
    now,
  });
}
