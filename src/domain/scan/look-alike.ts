import type { Address } from "../chain/address";

/**
 * Address poisoning copies what wallets show of an address: its first and last characters. Four hex digits on each
 * side (after 0x) is what shortened displays print (`0x1234…abcd`) and what vanity generators match cheaply; a
 * random pair of addresses shares them about once in 4 billion.
 */
export const LOOK_ALIKE_PREFIX = 4;
export const LOOK_ALIKE_SUFFIX = 4;

/** `candidate` copies the displayed ends of `genuine` without being it. */
export function looksLike(candidate: Address, genuine: Address): boolean {
  if (candidate === genuine) return false;
  const a = candidate.slice(2);
  const b = genuine.slice(2);
  return (
    a.slice(0, LOOK_ALIKE_PREFIX) === b.slice(0, LOOK_ALIKE_PREFIX) &&
    a.slice(-LOOK_ALIKE_SUFFIX) === b.slice(-LOOK_ALIKE_SUFFIX)
  );
}

/** The genuine counterparty `candidate` imitates, when it is not one itself; null otherwise. */
export function imitatedCounterparty(candidate: Address, counterparties: readonly Address[]): Address | null {
  if (counterparties.includes(candidate)) return null;
  return counterparties.find((genuine) => looksLike(candidate, genuine)) ?? null;
}

/** One transfer in a wallet's history, reduced to what poisoning detection needs. */
export interface PoisoningTransfer {
  readonly from: Address;
  readonly to: Address;
  /** 0 for a zero-value transferFrom; dust below the caller's threshold otherwise. */
  readonly value: bigint;
  readonly isDust: boolean;
  readonly txHash: string;
}

export interface PoisoningFinding {
  /** The look-alike that appeared in the victim's history. */
  readonly lookAlike: Address;
  /** The victim's real counterparty it copies. */
  readonly imitates: Address;
  readonly victim: Address;
  readonly txHashes: readonly string[];
}

/**
 * Poisoning around `wallet`: zero-value or dust transfers between the wallet and an address that copies the ends of
 * one of the wallet's real counterparties (those it sent a non-dust transfer to). Both directions count: a
 * zero-value transferFrom(wallet -> look-alike) plants the look-alike in the wallet's outgoing history, dust from
 * the look-alike plants it in the incoming one.
 */
export function findPoisoning(wallet: Address, transfers: readonly PoisoningTransfer[]): PoisoningFinding[] {
  const real = [...new Set(transfers.filter((t) => t.from === wallet && t.value > 0n && !t.isDust).map((t) => t.to))];
  const found = new Map<Address, { imitates: Address; txHashes: string[] }>();
  for (const transfer of transfers) {
    if (transfer.value !== 0n && !transfer.isDust) continue;
    const other = transfer.from === wallet ? transfer.to : transfer.to === wallet ? transfer.from : null;
    if (other === null) continue;
    const imitates = imitatedCounterparty(other, real);
    if (imitates === null) continue;
    const entry = found.get(other) ?? { imitates, txHashes: [] };
    if (!entry.txHashes.includes(transfer.txHash)) entry.txHashes.push(transfer.txHash);
    found.set(other, entry);
  }
  return [...found.entries()].map(([lookAlike, e]) => ({
    lookAlike,
    imitates: e.imitates,
    victim: wallet,
    txHashes: e.txHashes,
  }));
}
