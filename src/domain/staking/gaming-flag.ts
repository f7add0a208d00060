/** Patterns that make staking a performance rather than a commitment; any one zeroes `scoreBoost`. */
export type GamingFlagCode =
  "STAKE_ON_OWN_TOKEN" | "STAKING_RING" | "STAKE_CHURN" | "UNSTAKE_AFTER_DEPLOY" | "BLOCKED_TARGET";

/** What a reader needs to check a flag on a block explorer. */
export interface GamingEvidence {
  readonly detail: string;
  readonly txHashes: readonly string[];
  readonly contracts: readonly string[];
  readonly counterparties: readonly string[];
}

export interface GamingFlag {
  readonly code: GamingFlagCode;
  readonly evidence: GamingEvidence;
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

export function gamingFlag(
  code: GamingFlagCode,
  detail: string,
  parts: { txHashes?: readonly string[]; contracts?: readonly string[]; counterparties?: readonly string[] },
): GamingFlag {
  return {
    code,
    evidence: {
      detail,
      txHashes: unique(parts.txHashes ?? []),
      contracts: unique(parts.contracts ?? []),
      counterparties: unique(parts.counterparties ?? []),
    },
  };
}
