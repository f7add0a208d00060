import { type Flag, type FlagEvidence, raiseFlag } from "../flag";
import { STAKING_FLAG_CATALOGUE, type StakingFlagCode } from "../flag-catalogue";
import type { StakingInput } from "../profiles/wallet-profile";

function isStakingCode(code: string): code is StakingFlagCode {
  return Object.prototype.hasOwnProperty.call(STAKING_FLAG_CATALOGUE, code);
}

/** JSON of whatever the staking analysis put in its evidence; bigints become decimal strings. */
function describe(evidence: unknown): string {
  if (typeof evidence === "string") return evidence;
  if (
    typeof evidence === "object" &&
    evidence !== null &&
    typeof (evidence as { detail?: unknown }).detail === "string"
  ) {
    return (evidence as { detail: string }).detail;
  }
  try {
    return JSON.stringify(evidence, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "no detail";
  } catch {
    return "no detail";
  }
}

function evidenceOf(code: string, evidence: unknown): FlagEvidence {
  const base = typeof evidence === "object" && evidence !== null ? (evidence as Partial<FlagEvidence>) : {};
  return {
    detail: isStakingCode(code) ? describe(evidence) : `${code}: ${describe(evidence)}`,
    ...(Array.isArray(base.txHashes) ? { txHashes: base.txHashes } : {}),
    ...(Array.isArray(base.counterparties) ? { counterparties: base.counterparties } : {}),
    ...(Array.isArray(base.blocks) ? { blocks: base.blocks } : {}),
  };
}

/** The staking analysis's gaming flags as wallet flags; unknown codes become STAKING_GAMING. */
export function stakingFlags(staking: StakingInput | null): Flag[] {
  if (staking === null) return [];
  return staking.gamingFlags.map((g) =>
    raiseFlag(isStakingCode(g.code) ? g.code : "STAKING_GAMING", evidenceOf(g.code, g.evidence)),
  );
}
