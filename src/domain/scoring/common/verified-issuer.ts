import type { Address } from "../../chain/address";
import type { ChainTime } from "../../chain/chain-types";
import { component } from "../breakdown";
import type { ScoreResult } from "../score-result";
import type { SubjectType } from "../subject";
import { finalizeScore } from "./finalize";

/**
 * An official issuer (USDC, EURC, ... from configuration) is VERIFIED without heuristics: its admin
 * powers (mint, blacklist, pause) are those of a regulated issuer, not a trap. Products call this
 * before fetching anything.
 */
export function verifiedIssuerResult(subject: Address, subjectType: SubjectType, now: ChainTime): ScoreResult {
  return finalizeScore({
    subject,
    subjectType,
    officialIssuer: true,
    components: [component("issuer", "official issuer", 1, "listed", 100, 100, "Already at the top")],
    flags: [],
    stakingBoostOffered: 0,
    stakingBoostMax: 0,
    shortfalls: [
      { cost: 0, limitation: "Official issuer from the configured list: VERIFIED without behavioural checks." },
    ],
    // The configured issuer list is the evidence: it is authoritative, so nothing caps the confidence.
    evidence: { coverage: "full", breadth: 1, confidenceCap: 100, limitation: null },
    state: "graduated",
    now,
  });
}
