import type { Address } from "../../chain/address";
import type { TokenHolding } from "../../chain/chain-types";
import { round2 } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import type { MarketAnalysis } from "../market/trades";
import type { HolderQualityInput } from "../profiles/token-profile";
import { TOKEN } from "../thresholds";

/** Current holders that bought from a pool (privileged addresses excluded): whose quality to assess. */
export function purchasingHolders(analysis: MarketAnalysis, holders: readonly TokenHolding[]): Address[] {
  const buyers = new Set<Address>();
  for (const t of analysis.trades) if (t.kind === "buy" && !analysis.privileged.has(t.trader)) buyers.add(t.trader);
  return holders.filter((h) => h.balance > 0n && buyers.has(h.holder)).map((h) => h.holder);
}

function isPoorQuality(h: HolderQualityInput): boolean {
  const fresh = h.ageDays !== null && h.ageDays < TOKEN.freshHolderAgeDays;
  return h.tier === "LOW" || h.tier === "BLOCKED" || fresh;
}

export function holderQualityFlag(inputs: readonly HolderQualityInput[]): Flag | null {
  if (inputs.length < TOKEN.lowHolderQualityMinAssessed) return null;
  const poor = inputs.filter(isPoorQuality);
  const share = poor.length / inputs.length;
  if (share < TOKEN.lowHolderQualityShare) return null;
  return raiseFlag("LOW_HOLDER_QUALITY", {
    detail: `${poor.length} of ${inputs.length} assessed purchasing holders are LOW/BLOCKED or younger than ${TOKEN.freshHolderAgeDays} days.`,
    holders: sample(poor.map((h) => h.holder)),
    figures: { assessed: inputs.length, poor: poor.length, share: round2(share) },
  });
}
