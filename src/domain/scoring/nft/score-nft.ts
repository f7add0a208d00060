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
import { logScale, sqrtScale } from "../common/math";
import type { Flag } from "../flag";
import type { NftProfile } from "../profiles/nft-profile";
import type { ScoreResult } from "../score-result";
import { EVIDENCE, TOKEN } from "../thresholds";
import { selfDestructFlag } from "../token/capability-flags";
import { ownerPrivileges } from "../token/owner-privileges";
import { creatorDumpFlag, holderConcentrationFlag, mintConcentrationFlag, nftWashFlag } from "./nft-flags";
import { nftCapabilityFindings } from "./nft-capability-flags";
import { nftHoldings } from "./nft-holdings";

const SPARSE_TRANSFERS = 10;

const isNftKind = (kind: NftProfile["kind"]): boolean => kind === "erc721" || kind === "erc1155";

/** Scores an ERC-721 / ERC-1155 collection. Sparse data lowers confidence; it never fails. */
export function scoreNft(profile: NftProfile, now: ChainTime): ScoreResult {
  const transfers = profile.transfers.items;
  const holdings = nftHoldings(transfers);
  const age = contractAgeDays(profile.creation, now);
  const creator = deployerOf(profile.creation);
  const upgradeable = ownerPrivileges(profile.bytecode, null).flags.filter((f) => f.code === "UPGRADEABLE_PROXY");
  const capabilities = isNftKind(profile.kind) ? nftCapabilityFindings(profile.capabilities) : null;
  const flags: Flag[] = [
    ...upgradeable,
    ...(capabilities?.flags ?? []),
    ...[
      selfDestructFlag(profile.bytecode, null),
      nftWashFlag(transfers),
      mintConcentrationFlag(holdings),
      holderConcentrationFlag(holdings),
      creatorDumpFlag(transfers, creator),
      youngContractFlag(profile.creation, age),
      deployerTrustFlag(profile.creation, profile.creatorWalletScore),
    ].filter((f): f is Flag => f !== null),
  ];
  const isNft = isNftKind(profile.kind);
  const shortfalls = new ShortfallList();
  shortfalls.when(!isNft, 40, `The contract was not detected as ERC-721 or ERC-1155 (classified ${profile.kind}).`);
  shortfalls.add(
    coverageShortfall(profile.transfers.coverage, "transfers", 25, "holdings are replayed from a partial history"),
  );
  shortfalls.when(transfers.length < SPARSE_TRANSFERS, 30, `Sparse data: ${transfers.length} transfer(s) seen.`);
  shortfalls.add(creationShortfall(profile.creation));
  shortfalls.add(deployerScoreShortfall(profile.creatorWalletScore));
  capabilities?.shortfalls.forEach((s) => shortfalls.add(s));

  const evidence = assessEvidence(
    {
      events: transfers.length,
      activeDays: distinctDays(transfers.map((t) => t.timestamp)),
      counterparties: holdings.participants,
      historyComplete: profile.transfers.coverage.complete,
      simulationRan: null,
    },
    EVIDENCE.nft,
    "collection",
  );
  const spread = holdings.holderCount === 0 ? 0 : (1 - holdings.topHolderShare) * 15 + (1 - holdings.hhi / 10_000) * 10;
  const creatorScore = profile.creatorWalletScore;
  return finalizeScore({
    subject: profile.contract,
    subjectType: "nft",
    officialIssuer: false,
    components: [
      component(
        "holders",
        "holder count",
        holdings.holderCount,
        "holders",
        logScale(holdings.holderCount, 200, 30),
        30,
        "More distinct holders",
      ),
      component(
        "distribution",
        "holder distribution",
        holdings.topHolderShare * 100,
        "% held by the top holder",
        spread,
        25,
        "Items spread over more holders",
      ),
      component(
        "age",
        "collection age",
        age ?? 0,
        "days",
        sqrtScale(age ?? 0, 90, 20),
        20,
        "More time on chain without incident",
      ),
      component(
        "activity",
        "participants",
        holdings.participants,
        "addresses",
        logScale(holdings.participants, 300, 15),
        15,
        "More independent collectors trading",
      ),
      component(
        "creator",
        "creator trust",
        creatorScore?.score ?? 0,
        "creator score",
        creatorScore === null ? 4 : (creatorScore.score / 100) * 10,
        10,
        "A creator with a stronger wallet record",
      ),
    ],
    flags,
    stakingBoostOffered: 0,
    stakingBoostMax: 0,
    shortfalls: shortfalls.all(),
    evidence,
    state: holdings.holderCount < TOKEN.miningMinHolders ? "mining" : "graduated",
    now,
  });
}
