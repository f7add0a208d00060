import type { Address } from "../../chain/address";
import type { ChainTransaction, TokenTransfer, TxHash } from "../../chain/chain-types";
import { type PoisoningFinding, type PoisoningTransfer, findPoisoning } from "../../scan/look-alike";
import { type Flag, distinctSample, raiseFlag, sample } from "../flag";
import type { WalletProfile } from "../profiles/wallet-profile";
import { WALLET } from "../thresholds";

/**
 * `self`'s history as the look-alike matcher reads it: token transfers and value transactions, every incoming one
 * from someone else counted as possible dust (a poisoner's dust is whatever it chose to send).
 */
export function poisoningTransfersOf(
  self: Address,
  tokenTransfers: readonly TokenTransfer[],
  transactions: readonly ChainTransaction[],
): PoisoningTransfer[] {
  return [
    ...tokenTransfers.map((t) => ({ from: t.from, to: t.to, value: t.value, txHash: t.txHash })),
    ...transactions.flatMap((tx) =>
      tx.to === null ? [] : [{ from: tx.from, to: tx.to, value: tx.value, txHash: tx.hash }],
    ),
  ].map((t) => ({ ...t, isDust: t.to === self && t.from !== self }));
}

/**
 * ADDRESS_POISONING_TARGET: look-alikes of the wallet's real counterparties planted in its history by zero-value
 * transferFroms (outgoing, value 0) or dust (incoming transfers from an address it never paid).
 */
export function poisoningTargetFlag(profile: WalletProfile): Flag | null {
  const self = profile.address;
  const found = findPoisoning(
    self,
    poisoningTransfersOf(self, profile.tokenTransfers.items, profile.transactions.items),
  );
  if (found.length === 0) return null;
  return raiseFlag("ADDRESS_POISONING_TARGET", {
    detail: `${found.length} look-alike(s) of the wallet's real counterparties appeared in its history: ${found
      .map((f) => `${f.lookAlike} imitates ${f.imitates}`)
      .join("; ")}.`,
    counterparties: found.map((f) => f.lookAlike),
    txHashes: sample(found.flatMap((f) => f.txHashes) as TxHash[]),
    figures: { lookAlikes: found.length, imitated: [...new Set(found.map((f) => f.imitates))].join(",") },
  });
}

/** How many candidate victims' histories the assembler reads for one wallet (WALLET.poisoningMaxVictims). */
export const POISONING_MAX_VICTIMS = WALLET.poisoningMaxVictims;

/**
 * Who `self` may have poisoned, newest first: the other end of a zero-value token transfer either way (a
 * transferFrom(victim, self, 0) or self sending 0), and the recipient of token dust (at most
 * WALLET.poisoningDustMaxUnits) or native dust (a plain transfer of at most 1/poisoningNativeDustFraction of a unit).
 * Contract calls with no value are not candidates: every wallet makes them.
 */
export function poisoningVictimCandidates(
  self: Address,
  tokenTransfers: readonly TokenTransfer[],
  transactions: readonly ChainTransaction[],
  nativeDecimals: number,
): Address[] {
  const tokenDust = BigInt(WALLET.poisoningDustMaxUnits);
  const nativeDust = 10n ** BigInt(nativeDecimals) / BigInt(WALLET.poisoningNativeDustFraction);
  const dated: { readonly victim: Address; readonly at: number }[] = [];
  for (const t of tokenTransfers) {
    if (t.from === t.to) continue;
    if (t.value === 0n && (t.from === self || t.to === self))
      dated.push({ victim: t.from === self ? t.to : t.from, at: t.blockNumber });
    else if (t.from === self && t.value <= tokenDust) dated.push({ victim: t.to, at: t.blockNumber });
  }
  for (const tx of transactions) {
    if (tx.from !== self || tx.to === null || tx.to === self || tx.selector !== "0x") continue;
    if (tx.value > 0n && tx.value <= nativeDust) dated.push({ victim: tx.to, at: tx.blockNumber });
  }
  dated.sort((a, b) => b.at - a.at);
  return [...new Set(dated.map((d) => d.victim))];
}

/**
 * ADDRESS_POISONING_SENDER: the wallet is a look-alike (first and last four hex digits) of one of its victims' real
 * counterparties, read from each victim's own history, and sent it zero-value transfers or dust. The matcher is the
 * target rule's, run from the victim's side and kept to the findings that name this wallet.
 */
export function poisoningSenderFlag(profile: WalletProfile): Flag | null {
  const self = profile.address;
  const findings: PoisoningFinding[] = [];
  for (const history of profile.poisoningVictims ?? []) {
    // The wallet's own side of the exchange too, in case the victim's (bounded) history no longer holds it.
    const transfers = poisoningTransfersOf(
      history.victim,
      [...history.tokenTransfers, ...profile.tokenTransfers.items],
      [...history.transactions, ...profile.transactions.items],
    );
    findings.push(...findPoisoning(history.victim, transfers).filter((f) => f.lookAlike === self));
  }
  if (findings.length === 0) return null;
  const imitated = [...new Set(findings.map((f) => f.imitates))];
  return raiseFlag("ADDRESS_POISONING_SENDER", {
    detail: `The wallet copies the displayed ends of the real counterparties of ${findings.length} wallet(s) it sent zero-value transfers or dust to: ${findings
      .map((f) => `victim ${f.victim}, imitating ${f.imitates}`)
      .join("; ")}.`,
    counterparties: distinctSample(findings.map((f) => f.victim)),
    txHashes: distinctSample(findings.flatMap((f) => f.txHashes) as TxHash[]),
    figures: { victims: findings.length, imitated: imitated.join(",") },
  });
}
