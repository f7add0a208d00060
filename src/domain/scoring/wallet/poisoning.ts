import type { TxHash } from "../../chain/chain-types";
import { findPoisoning } from "../../scan/look-alike";
import { type Flag, raiseFlag, sample } from "../flag";
import type { WalletProfile } from "../profiles/wallet-profile";

/**
 * ADDRESS_POISONING_TARGET: look-alikes of the wallet's real counterparties planted in its history by zero-value
 * transferFroms (outgoing, value 0) or dust (incoming transfers from an address it never paid).
 */
export function poisoningTargetFlag(profile: WalletProfile): Flag | null {
  const self = profile.address;
  const transfers = [
    ...profile.tokenTransfers.items.map((t) => ({ from: t.from, to: t.to, value: t.value, txHash: t.txHash })),
    ...profile.transactions.items.flatMap((tx) =>
      tx.to === null ? [] : [{ from: tx.from, to: tx.to, value: tx.value, txHash: tx.hash }],
    ),
  ].map((t) => ({ ...t, isDust: t.to === self && t.from !== self }));
  const found = findPoisoning(self, transfers);
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
