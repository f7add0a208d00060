import { onchainTier, tierForScore, type OnchainTier } from "../scoring/tiers";
import { clampConfidence, DAY_MS, ScoreSheet, type SuiScore } from "./sui-score";
import type { SuiAddressActivity } from "./sui-facts";

/**
 * Sui wallet score: 30 to start, raised by a history that is old, spread over many days, with
 * many counterparties and several packages used; a bot-like clockwork rhythm flags the wallet and
 * caps its score. Ages are chain time. docs/sui.md lists the same table.
 *
 *  age            >= 365 d +25; >= 90 d +15; >= 30 d +8; < 7 d -10 (FRESH_WALLET); no history -15
 *  active days    >= 60 +15; >= 20 +10; >= 5 +5
 *  counterparties >= 20 +15; >= 5 +8; none -5
 *  packages       >= 5 +10; >= 2 +5
 *  bot rhythm     >= 20 transactions and at least 80% of the gaps between them within 10% of the
 *                 median gap (a clockwork schedule; one odd gap such as the funding does not hide
 *                 it): BOT_LIKE_REGULARITY, bot_flagged, score capped at 30
 */
export const WALLET_BASE_SCORE = 30;
export const BOT_SCORE_CAP = 30;
const BOT_MIN_TRANSACTIONS = 20;
const BOT_GAP_TOLERANCE = 0.1;
const BOT_REGULAR_SHARE = 0.8;

export interface SuiWalletScore extends SuiScore {
  readonly botFlagged: boolean;
  readonly onchainTier: OnchainTier;
}

/** Distinct UTC days with at least one transaction. */
export function activeDays(timestampsMs: readonly number[]): number {
  return new Set(timestampsMs.map((t) => Math.floor(t / DAY_MS))).size;
}

/** Share of gaps within 10% of the median gap; null below the minimum count of transactions. */
export function regularGapShare(timestampsMs: readonly number[]): number | null {
  if (timestampsMs.length < BOT_MIN_TRANSACTIONS) return null;
  const sorted = [...timestampsMs].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((t, i) => t - (sorted[i] as number))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] as number;
  const regular = gaps.filter((g) => Math.abs(g - median) <= median * BOT_GAP_TOLERANCE).length;
  return regular / gaps.length;
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
  const regular = regularGapShare(activity.timestampsMs);
  const botFlagged = regular !== null && regular >= BOT_REGULAR_SHARE;
  if (botFlagged)
    sheet.flag(
      "BOT_LIKE_REGULARITY",
      "high",
      0,
      `${Math.round(regular * 100)}% of ${activity.timestampsMs.length - 1} gaps between transactions within 10% of the median gap`,
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
