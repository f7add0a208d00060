import type { Address } from "../chain/address";
import { type OnchainTier, onchainTier, type Tier } from "../scoring/tiers";

/** The most addresses one publish request (and so one registry transaction) carries. */
export const REGISTRY_PUBLISH_MAX = 40;

/** One score as the ScoreRegistry stores it (issue 33 item 5). */
export interface RegistryEntry {
  readonly account: Address;
  /** 0..100. */
  readonly score: number;
  readonly tier: OnchainTier;
  /** 0..100. */
  readonly confidence: number;
  /** The answer's flag codes, sorted: the registry stores keccak256 of them comma-joined (zero for none). */
  readonly flagCodes: readonly string[];
}

/** What a scored answer puts on chain: its score, its on-chain tier, its confidence and its flag codes. */
export function registryEntryOf(answer: {
  readonly address: Address;
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly flags: readonly { readonly code: string }[];
}): RegistryEntry {
  return {
    account: answer.address,
    score: clampPercent(answer.score),
    tier: onchainTier(answer.tier),
    confidence: clampPercent(answer.confidence),
    flagCodes: [...new Set(answer.flags.map((f) => f.code))].sort(),
  };
}

/** The flag codes as the registry hashes them. */
export function flagsPreimage(codes: readonly string[]): string {
  return [...codes].sort().join(",");
}

/** What is on chain for an account, read back (updatedAt 0: never written). */
export interface OnchainScore {
  readonly score: number;
  readonly tier: number;
  readonly confidence: number;
  /** Unix seconds of the write's block. */
  readonly updatedAt: number;
  readonly flagsHash: string;
}

/**
 * Idempotence per address and score version: an entry whose score, tier, confidence and flags are already
 * on chain, written less than `refreshSeconds` ago, is not written again (after that it is, so consumers
 * reading with a maxAge keep seeing a fresh score).
 */
export function isCurrent(
  onchain: OnchainScore | null,
  entry: RegistryEntry,
  flagsHash: string,
  nowSeconds: number,
  refreshSeconds: number,
): boolean {
  if (onchain === null || onchain.updatedAt === 0) return false;
  const same =
    onchain.score === entry.score &&
    onchain.tier === entry.tier &&
    onchain.confidence === entry.confidence &&
    onchain.flagsHash.toLowerCase() === flagsHash.toLowerCase();
  return same && nowSeconds - onchain.updatedAt < refreshSeconds;
}

function clampPercent(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}
