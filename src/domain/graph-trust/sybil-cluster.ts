import type { Address } from "../chain/address";
import type { CommunityFacts, CommunityWallet } from "./community-facts";
import { FAMILY_WEIGHT, GRAPH_TRUST } from "./graph-trust-thresholds";
import type { FamilyFinding, SybilCluster } from "./cluster-types";
import { amountsFamily, coTradingFamily, fundingFamily, sweepFamily, timingFamily } from "./evidence-families";

/** FNV-1a over the sorted members, twice with different offsets: a stable, short, pure id. */
export function clusterId(members: readonly Address[]): string {
  const text = [...members].sort().join(",");
  const hash = (offset: number): string => {
    let h = offset >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, "0");
  };
  return `sc_${hash(0x811c9dc5)}${hash(0x01000193)}`;
}

function threshold(candidates: number): number {
  return Math.max(GRAPH_TRUST.clusterMinMembers, Math.ceil(GRAPH_TRUST.familyMinShare * candidates));
}

function findings(wallets: readonly CommunityWallet[], facts: CommunityFacts, need: number): FamilyFinding[] {
  return [
    fundingFamily(wallets, need),
    sweepFamily(wallets, need),
    timingFamily(wallets, need),
    amountsFamily(wallets, need),
    coTradingFamily(wallets, facts.moneyTokens, need),
  ].filter((f): f is FamilyFinding => f !== null);
}

/**
 * Judges one community (Arbitrum's funder/sweep graphs, then Trusta's behaviour check): the hubs that run
 * a pattern (source, relays, sweep address) are set aside, each evidence family must cover
 * GRAPH_TRUST.familyMinShare of the remaining wallets, at least GRAPH_TRUST.clusterMinFamilies families must hold,
 * and a member must take part in GRAPH_TRUST.memberMinFamilies of them. Null when it is not a sybil cluster.
 */
export function judgeCommunity(facts: CommunityFacts): SybilCluster | null {
  if (facts.wallets.length < GRAPH_TRUST.clusterMinMembers || facts.wallets.length > GRAPH_TRUST.communityMaxSize)
    return null;
  const hubs = new Set<Address>(findings(facts.wallets, facts, GRAPH_TRUST.clusterMinMembers).flatMap((f) => f.hubs));
  const candidates = facts.wallets.filter((w) => !hubs.has(w.address));
  if (candidates.length < GRAPH_TRUST.clusterMinMembers) return null;
  const kept = findings(candidates, facts, threshold(candidates.length));
  if (kept.length < GRAPH_TRUST.clusterMinFamilies) return null;
  const flows = kept.filter((f) => f.family === "funding" || f.family === "sweep").length;
  if (flows < GRAPH_TRUST.clusterMinFlowFamilies) return null;
  const members = candidates
    .map((w) => w.address)
    .filter((a) => kept.filter((f) => f.participants.has(a)).length >= GRAPH_TRUST.memberMinFamilies)
    .sort();
  if (members.length < GRAPH_TRUST.clusterMinMembers) return null;
  let doubt = 1;
  for (const f of kept) {
    const share = members.filter((m) => f.participants.has(m)).length / members.length;
    doubt *= 1 - FAMILY_WEIGHT[f.family] * share;
  }
  return {
    id: clusterId(members),
    members,
    evidence: kept.map(({ family, detail, txHashes }) => ({ family, detail, txHashes })),
    confidence: Math.round((1 - doubt) * 100) / 100,
  };
}

export { EVIDENCE_FAMILIES, type ClusterEvidence, type EvidenceFamily, type SybilCluster } from "./cluster-types";
