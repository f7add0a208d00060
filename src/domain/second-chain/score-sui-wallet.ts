import { onchainTier, tierForScore, type OnchainTier } from "../scoring/tiers";
import { clampConfidence, DAY_MS, ScoreSheet, type SecondChainScore } from "./second-chain-score";
import type { SuiAddressActivity } from "./sui-facts";

/**
 * Sui wallet score: 30 to start, raised by a history that is old, spread over many days, with
 * many counterparties and several packages used; a bot-like clockwork rhythm flags the wallet and
 * caps its score. Ages are chain time. README ("Sui companion app") lists the same table.
 *
 *  age            >= 365 d +25; >= 90 d +15; >= 30 d +8; < 7 d -10 (FRESH_WALLET); no history -15
 *  active days    >= 60 +15; >= 20 +10; >= 5 +5
 *  counterparties >= 20 +15; >= 5 +8; none -5
 *  packages       >= 5 +10; >= 2 +5
 *  bot rhythm     >= 20 transactions whose gaps vary by less than 10% (coefficient of variation):
 *                 BOT_LIKE_REGULARITY, bot_flagged, score capped at 30
 */
export const WALLET_BASE_SCORE = 30;
export const BOT_SCORE_CAP = 30;
const BOT_MIN_TRANSACTIONS = 20;
const BOT_MAX_GAP_VARIATION = 0.1;

export interface SuiWalletScore extends SecondChainScore {
  readonly botFlagged: boolean;
  readonly onchainTier: OnchainTier;
}

/** Distinct UTC days with at least one transaction. */
export function activeDays(timestampsMs: readonly number[]): number {
  return new Set(timestampsMs.map((t) => Math.floor(t / DAY_MS))).size;
}

/** Coefficient of variation of the gaps between consecutive transactions; null below the minimum count. */
export function gapVariation(timestampsMs: readonly number[]): number | null {
  if (timestampsMs.length < BOT_MIN_TRANSACTIONS) return null;
  const sorted = [...timestampsMs].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((t, i) => t - (sorted[i] as number));
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  if (mean === 0) return 0;
  const variance = gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length;
  return Math.sqrt(variance) / mean;
}

function ageRule(activity: SuiAddressActivity, nowMs: number, sheet: ScoreSheet): void {
  if (activity.firstAtMs === null) {
    sheet.flag("NO_HISTORY", "medium", -15, "no transaction has affected this address");
    return;
  }
  const days = Math.max(0, (nowMs - activity.firstAtMs) / DAY_MS);
  const detail = `first transaction ${days.toFixed(1)} days ago${activity.truncated ? " (or earlier)" : ""}`;
  if (days >= 365) sheet.signal("WALLET_AGE", 25, detail);
  else if (days >= 90) sheet.signal("WALLET_AGE", 15, detail);
  else if (days >= 30) sheet.signal("WALLET_AGE", 8, detail);
  else if (days < 7) sheet.flag("FRESH_WALLET", "low", -10, detail);
  else sheet.signal("WALLET_AGE", 0, detail);
}

function breadthRules(activity: SuiAddressActivity, sheet: ScoreSheet): void {
  const days = activeDays(activity.timestampsMs);
  sheet.signal("ACTIVE_DAYS", days >= 60 ? 15 : days >= 20 ? 10 : days >= 5 ? 5 : 0, `${days} active days`);
  const peers = activity.counterparties.length;
  sheet.signal("COUNTERPARTIES", peers >= 20 ? 15 : peers >= 5 ? 8 : peers === 0 ? -5 : 0, `${peers} counterparties`);
  const pkgs = activity.packagesCalled.length;
  sheet.signal("PACKAGES_CALLED", pkgs >= 5 ? 10 : pkgs >= 2 ? 5 : 0, `${pkgs} packages called`);
}

export function scoreSuiWallet(activity: SuiAddressActivity, nowMs: number): SuiWalletScore {
  const sheet = new ScoreSheet();
  ageRule(activity, nowMs, sheet);
  breadthRules(activity, sheet);
  const variation = gapVariation(activity.timestampsMs);
  const botFlagged = variation !== null && variation < BOT_MAX_GAP_VARIATION;
  if (botFlagged)
    sheet.flag(
      "BOT_LIKE_REGULARITY",
      "high",
      0,
      `${activity.timestampsMs.length} transactions with gaps varying by ${(variation * 100).toFixed(1)}%`,
    );
  const raw = sheet.total(WALLET_BASE_SCORE);
  const score = botFlagged ? Math.min(raw, BOT_SCORE_CAP) : raw;
  const tier = tierForScore(score);
  let confidence = 85;
  if (activity.truncated) confidence -= 15;
  if (activity.transactionCount < 5) confidence -= 30;
  else if (activity.transactionCount < 20) confidence -= 10;
  return {
    score,
    tier,
    onchainTier: onchainTier(tier),
    confidence: clampConfidence(confidence),
    botFlagged,
    signals: sheet.signals,
    flags: sheet.flags,
  };
}
