import type { Address } from "../chain/address";
import { GRAPH_TRUST } from "./graph-trust-thresholds";

export interface GraphTrust {
  /** 0-100: the wallet's personalized PageRank against the saturation rank, square-root scaled. */
  readonly graphTrust: number;
  /** 0-100: share of ranked wallets with a lower rank. */
  readonly percentile: number;
}

export const NO_GRAPH_TRUST: GraphTrust = { graphTrust: 0, percentile: 0 };

/**
 * Turns raw personalized PageRank values into graphTrust and percentile. Ranks are spread over orders
 * of magnitude and a few hubs hold most of the mass, so graphTrust saturates at the
 * GRAPH_TRUST.trustSaturationPercentile rank and is square-root scaled below it.
 */
export function graphTrustScores(ranks: ReadonlyMap<Address, number>): Map<Address, GraphTrust> {
  const ranked = [...ranks].filter(([, r]) => r > 0 && Number.isFinite(r)).sort((a, b) => a[1] - b[1]);
  const out = new Map<Address, GraphTrust>();
  if (ranked.length === 0) return out;
  const saturation =
    ranked[Math.min(ranked.length - 1, Math.floor(GRAPH_TRUST.trustSaturationPercentile * ranked.length))]![1];
  let below = 0;
  for (let i = 0; i < ranked.length; i++) {
    const [address, rank] = ranked[i]!;
    // Equal ranks share a percentile: count only strictly lower ones.
    if (i > 0 && ranked[i - 1]![1] < rank) below = i;
    out.set(address, {
      graphTrust: Math.round(100 * Math.min(1, Math.sqrt(rank / saturation))),
      percentile: Math.round((1000 * below) / ranked.length) / 10,
    });
  }
  return out;
}

/** Default seed rule: old, diverse and flag-free by the existing scorer. */
export function isDefaultSeed(candidate: {
  readonly ageDays: number;
  readonly counterparties: number;
  readonly flagCount: number;
}): boolean {
  return (
    candidate.ageDays >= GRAPH_TRUST.seedMinAgeDays &&
    candidate.counterparties >= GRAPH_TRUST.seedMinCounterparties &&
    candidate.flagCount === 0
  );
}

/** graphTrust's bounded part of a wallet score: 0 up to GRAPH_TRUST.trustBoostFrom, then linear to GRAPH_TRUST.maxTrustBoost at 100. */
export function graphTrustBoost(graphTrust: number): number {
  if (!Number.isFinite(graphTrust) || graphTrust <= GRAPH_TRUST.trustBoostFrom) return 0;
  const share = (Math.min(100, graphTrust) - GRAPH_TRUST.trustBoostFrom) / (100 - GRAPH_TRUST.trustBoostFrom);
  return Math.round(GRAPH_TRUST.maxTrustBoost * share * 100) / 100;
}
