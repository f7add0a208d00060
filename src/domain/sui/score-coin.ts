import { tierForScore, type Tier } from "../scoring/tiers";
import { clampConfidence, DAY_MS, ScoreSheet, type SuiScore } from "./sui-score";
import type { CoinType } from "./sui-address";
import type { CapHolder, HolderFacts, SuiCoinInfo } from "./sui-facts";

/**
 * Coin score: a neutral 50, moved by what a holder of the coin should worry about. Every rule's
 * figure is in the signal it adds; docs/sui.md lists the same table.
 *
 *  metadata     +2.5 per field present (name, symbol, description, icon); none at all -20
 *  mutability   MetadataCap still exists -5 (METADATA_MUTABLE)
 *  supply       fixed or burn-only +20; mintable with the TreasuryCap at an account -15
 *               (MINT_CAP_HELD_BY_ADDRESS), in another object or shared -8, unknown -10
 *  regulation   DenyCap exists -10 (DENY_LIST); global pause allowed -10 more (GLOBAL_PAUSE)
 *  age          < 7 days -15 (YOUNG_COIN); < 30 days -5; >= 180 days +10 (chain time)
 *  holders      top holder >= 50% of the listed supply -15 (HOLDER_CONCENTRATION); >= 20% -5;
 *               otherwise +5 with at least 10 holders
 *  verified     a coin in the configured list is VERIFIED whatever the score
 */
export const COIN_BASE_SCORE = 50;
const YOUNG_DAYS = 7;
const NEW_DAYS = 30;
const ESTABLISHED_DAYS = 180;

function metadataRules(info: SuiCoinInfo, sheet: ScoreSheet): void {
  const m = info.metadata;
  if (m === null) {
    sheet.flag("NO_METADATA", "medium", -20, "no CoinMetadata or Currency object for this type");
    return;
  }
  const present = [m.name, m.symbol, m.description, m.iconUrl ?? ""].filter((f) => f.trim() !== "").length;
  sheet.signal("METADATA_COMPLETENESS", present * 2.5, `${present} of 4 metadata fields set`);
  if (info.metadataCapExists)
    sheet.flag("METADATA_MUTABLE", "low", -5, "the MetadataCap exists: name, symbol and icon can still change");
}

const holderText = (holder: CapHolder): string =>
  holder.kind === "address"
    ? `account ${holder.address}`
    : holder.kind === "object"
      ? `object ${holder.objectId}`
      : holder.kind;

function supplyRules(info: SuiCoinInfo, sheet: ScoreSheet): void {
  const { state, capHolder } = info.supply;
  if (state !== "mintable") {
    sheet.signal("SUPPLY_FIXED", 20, state === "fixed" ? "supply is fixed" : "supply can only decrease");
    return;
  }
  const holder = capHolder ?? { kind: "unknown" as const };
  if (holder.kind === "address")
    sheet.flag("MINT_CAP_HELD_BY_ADDRESS", "medium", -15, `the TreasuryCap is held by ${holderText(holder)}`);
  else if (holder.kind === "unknown") sheet.flag("MINTABLE_SUPPLY", "medium", -10, "a TreasuryCap exists");
  else sheet.flag("MINTABLE_SUPPLY", "low", -8, `the TreasuryCap is held by ${holderText(holder)}`);
}

function regulationRules(info: SuiCoinInfo, sheet: ScoreSheet): void {
  if (info.regulation === null) return;
  sheet.flag(
    "DENY_LIST",
    "medium",
    -10,
    `the DenyCap (${holderText(info.regulation.denyCapHolder)}) can block addresses`,
  );
  if (info.regulation.allowGlobalPause === true)
    sheet.flag("GLOBAL_PAUSE", "medium", -10, "the DenyCap can pause every transfer of the coin");
}

function ageRules(info: SuiCoinInfo, nowMs: number, sheet: ScoreSheet): void {
  if (info.publishedAtMs === null) return;
  const days = Math.max(0, (nowMs - info.publishedAtMs) / DAY_MS);
  const shown = days.toFixed(1);
  if (days < YOUNG_DAYS) sheet.flag("YOUNG_COIN", "medium", -15, `published ${shown} days ago`);
  else if (days < NEW_DAYS) sheet.signal("COIN_AGE", -5, `published ${shown} days ago`);
  else if (days >= ESTABLISHED_DAYS) sheet.signal("COIN_AGE", 10, `published ${shown} days ago`);
  else sheet.signal("COIN_AGE", 0, `published ${shown} days ago`);
}

/** Share of the listed supply held by the largest holder, in basis points. */
export function topHolderShareBps(holders: HolderFacts): number {
  const total = holders.topBalances.reduce((sum, b) => sum + b, 0n);
  const top = holders.topBalances[0] ?? 0n;
  return total === 0n ? 0 : Number((top * 10_000n) / total);
}

function holderRules(holders: HolderFacts, sheet: ScoreSheet): void {
  const bps = topHolderShareBps(holders);
  const pct = `${(bps / 100).toFixed(1)}%`;
  if (bps >= 5_000) sheet.flag("HOLDER_CONCENTRATION", "high", -15, `the top holder has ${pct} of the listed supply`);
  else if (bps >= 2_000)
    sheet.flag("HOLDER_CONCENTRATION", "low", -5, `the top holder has ${pct} of the listed supply`);
  else if (holders.holderCount >= 10)
    sheet.signal("HOLDER_SPREAD", 5, `${holders.holderCount} holders, top holder ${pct}`);
  else sheet.signal("HOLDER_SPREAD", 0, `${holders.holderCount} holders, top holder ${pct}`);
}

export interface CoinScore extends SuiScore {
  readonly coinType: CoinType;
  readonly verified: boolean;
}

/** Scores a coin from its facts at chain time `nowMs`; `verified` comes from the configured list. */
export function scoreCoin(info: SuiCoinInfo, verifiedList: ReadonlySet<string>, nowMs: number): CoinScore {
  const sheet = new ScoreSheet();
  metadataRules(info, sheet);
  supplyRules(info, sheet);
  regulationRules(info, sheet);
  ageRules(info, nowMs, sheet);
  if (info.holders !== null) holderRules(info.holders, sheet);
  const score = sheet.total(COIN_BASE_SCORE);
  const verified = verifiedList.has(info.coinType);
  const tier: Tier = verified ? "VERIFIED" : tierForScore(score);
  // What could not be read lowers confidence, never the score.
  let confidence = 90;
  if (info.metadata === null) confidence -= 20;
  if (info.publishedAtMs === null) confidence -= 15;
  if (info.holders === null) confidence -= 20;
  if (info.supply.totalSupply === null) confidence -= 10;
  return {
    coinType: info.coinType,
    score,
    tier,
    confidence: clampConfidence(confidence),
    verified,
    signals: sheet.signals,
    flags: sheet.flags,
  };
}

/** When a coin score should be computed again: sooner for young coins, whose facts move fast. */
export function coinRescoreDelayMs(info: SuiCoinInfo, nowMs: number): number {
  const young = info.publishedAtMs !== null && nowMs - info.publishedAtMs < YOUNG_DAYS * DAY_MS;
  return young ? 5 * 60_000 : 60 * 60_000;
}
