import type { ScoredAddress } from "../../../application/use-cases/scoring/scored-address";
import type { AddressKind } from "../../../domain/chain/chain-types";
import { widgetProduct } from "../../../domain/scoring/products";

const CONTRACT_TYPES: Readonly<Record<AddressKind, string>> = {
  eoa: "EOA",
  erc20: "ERC-20",
  erc721: "ERC-721",
  erc1155: "ERC-1155",
  contract: "contract",
};

/** Every answer for an address with disputes names them: `disputes: [{id, flag, status}]` (absent when none). */
const disputesOf = (scored: ScoredAddress) => (scored.disputes === undefined ? {} : { disputes: scored.disputes });

/** the API contract widget: an ERC-20 score, VERIFIED for an official issuer, NTT ("not a tradeable token") for anything else. */
export function widgetBody(scored: ScoredAddress) {
  switch (widgetProduct(scored.kind, scored.officialIssuer)) {
    case "verified":
      return { score: null, tier: "VERIFIED", label: "VERIFIED", ...disputesOf(scored) };
    case "not_tradeable":
      return { score: null, tier: "NTT", label: "NTT", ...disputesOf(scored) };
    case "erc20_score":
      return { score: scored.score, tier: scored.tier, contractType: "ERC-20", ...disputesOf(scored) };
  }
}

/** the API contract BatchScore (flags as codes). */
export function batchItem(scored: ScoredAddress) {
  return {
    address: scored.address,
    score: scored.score,
    tier: scored.tier,
    confidence: scored.confidence,
    coverage: scored.coverage,
    flags: scored.flags.map((flag) => flag.code),
    ...(scored.flagsUnderReview === undefined ? {} : { flagsUnderReview: scored.flagsUnderReview }),
    ...disputesOf(scored),
    state: scored.state,
    scoringVersion: scored.scoringVersion,
  };
}

/** The explanation and provenance fields every paid or free answer shares. The raw breakdown never leaves here. */
function explained(scored: ScoredAddress) {
  return {
    recommendation: scored.explanation.recommendation,
    confidence: scored.confidence,
    coverage: scored.coverage,
    flags: scored.flags.map((flag) =>
      scored.flagsUnderReview?.includes(flag.code) === true ? { ...flag, underReview: true } : flag,
    ),
    summary: scored.explanation.summary,
    publicExplain: scored.explanation.publicExplain,
    protocolExplain: scored.explanation.protocolExplain,
    scoreStability: scored.explanation.scoreStability,
    directionDrivers: scored.explanation.directionDrivers,
    snapshotId: scored.snapshotId,
    scoringVersion: scored.scoringVersion,
    queriedAt: scored.queriedAt,
    block: scored.block,
    ...(scored.limitations.length > 0 ? { limitations: scored.limitations } : {}),
    ...disputesOf(scored),
  };
}

/** the API contract oracle wallet response (200). */
export function oracleWalletBody(scored: ScoredAddress) {
  return { address: scored.address, score: scored.score, tier: scored.tier, ...explained(scored) };
}

/** Token oracle and token-shield answers: the wallet fields plus what kind of contract it is. */
export function tokenBody(scored: ScoredAddress, pricing: "paid" | "free") {
  return {
    address: scored.address,
    contractType: CONTRACT_TYPES[scored.kind],
    score: scored.officialIssuer ? null : scored.score,
    tier: scored.officialIssuer ? "VERIFIED" : scored.tier,
    state: scored.state,
    ...explained(scored),
    ...(scored.holderFacts === null ? {} : { holders: scored.holderFacts }),
    pricing,
  };
}

/** Internal /api/arc-score: everything, the raw formula included. */
export function arcScoreBody(scored: ScoredAddress) {
  return { ...tokenBody(scored, "free"), breakdown: scored.breakdown };
}
