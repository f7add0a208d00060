import type { Address } from "../../chain/address";
import type { TxHash } from "../../chain/chain-types";
import { round2 } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import type { WalletProfile } from "../profiles/wallet-profile";
import { WALLET } from "../thresholds";

export function selfInteractionFlag(profile: WalletProfile): Flag | null {
  const self = profile.address;
  const hashes: TxHash[] = [];
  for (const tx of profile.transactions.items) if (tx.from === self && tx.to === self) hashes.push(tx.hash);
  for (const list of [profile.tokenTransfers.items, profile.nftTransfers.items]) {
    for (const t of list) if (t.from === self && t.to === self) hashes.push(t.txHash);
  }
  if (hashes.length < WALLET.selfInteractionMin) return null;
  return raiseFlag("SELF_INTERACTION", {
    detail: `${hashes.length} transactions or transfers from the wallet to itself.`,
    txHashes: sample(hashes),
    figures: { selfTransfers: hashes.length },
  });
}

export function concentrationFlag(interactions: ReadonlyMap<Address, number>): Flag | null {
  let total = 0;
  let top: [Address, number] | null = null;
  for (const entry of interactions) {
    total += entry[1];
    if (top === null || entry[1] > top[1]) top = entry;
  }
  if (top === null || total < WALLET.concentrationMinInteractions) return null;
  const share = top[1] / total;
  if (share < WALLET.concentrationTopShare) return null;
  return raiseFlag("COUNTERPARTY_CONCENTRATION", {
    detail: `${top[1]} of ${total} interactions (${Math.round(share * 100)}%) are with ${top[0]}.`,
    counterparties: [top[0]],
    figures: { interactions: total, topShare: round2(share) },
  });
}
