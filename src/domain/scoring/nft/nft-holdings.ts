import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TokenTransfer } from "../../chain/chain-types";
import { shareOf } from "../common/math";
import { isBurnAddress } from "../market/privileged";
import type { NftSample } from "../profiles/nft-capabilities";

export interface NftHoldings {
  readonly holderCount: number;
  readonly outstanding: bigint;
  readonly topHolder: Address | null;
  readonly topHolderShare: number;
  /** HHI over holders' item counts, 0..10,000. */
  readonly hhi: number;
  readonly minted: bigint;
  /** Items minted to each recipient. */
  readonly mintedTo: ReadonlyMap<Address, bigint>;
  readonly participants: number;
}

/** Replays every transfer once: mints, holdings (ERC-721 items count 1, ERC-1155 by amount). */
export function nftHoldings(transfers: readonly TokenTransfer[]): NftHoldings {
  const balances = new Map<Address, bigint>();
  const mintedTo = new Map<Address, bigint>();
  const participants = new Set<Address>();
  let minted = 0n;
  for (const t of transfers) {
    if (t.from === ZERO_ADDRESS) {
      minted += t.value;
      mintedTo.set(t.to, (mintedTo.get(t.to) ?? 0n) + t.value);
    } else {
      balances.set(t.from, (balances.get(t.from) ?? 0n) - t.value);
      participants.add(t.from);
    }
    if (!isBurnAddress(t.to)) participants.add(t.to);
    balances.set(t.to, (balances.get(t.to) ?? 0n) + t.value);
  }
  let outstanding = 0n;
  let holderCount = 0;
  let top: [Address, bigint] | null = null;
  for (const entry of balances) {
    if (isBurnAddress(entry[0]) || entry[1] <= 0n) continue;
    outstanding += entry[1];
    holderCount++;
    if (top === null || entry[1] > top[1]) top = entry;
  }
  let hhi = 0;
  for (const [holder, balance] of balances) {
    if (!isBurnAddress(holder) && balance > 0n) hhi += (shareOf(balance, outstanding) * 100) ** 2;
  }
  return {
    holderCount,
    outstanding,
    topHolder: top?.[0] ?? null,
    topHolderShare: top === null ? 0 : shareOf(top[1], outstanding),
    hhi: Math.round(hhi),
    minted,
    mintedTo,
    participants: participants.size,
  };
}

/**
 * Items held now according to the transfers, oldest-minted first: for ERC-721 the last recipient of each id, for
 * ERC-1155 each (id, holder) with a positive balance. Burn addresses hold nothing.
 */
export function heldItems(
  transfers: readonly TokenTransfer[],
  standard: "erc721" | "erc1155",
  limit: number,
): NftSample[] {
  const held = new Map<string, NftSample & { balance: bigint }>();
  const key = (id: bigint, holder: Address): string => (standard === "erc721" ? id.toString() : `${id}|${holder}`);
  for (const t of transfers) {
    const id = t.tokenId ?? 0n;
    if (standard === "erc721") {
      held.set(key(id, t.to), { tokenId: id, holder: t.to, balance: 1n });
      continue;
    }
    if (t.from !== ZERO_ADDRESS) {
      const from = held.get(key(id, t.from));
      if (from !== undefined) from.balance -= t.value;
    }
    const to = held.get(key(id, t.to)) ?? { tokenId: id, holder: t.to, balance: 0n };
    to.balance += t.value;
    held.set(key(id, t.to), to);
  }
  return [...held.values()]
    .filter((h) => h.balance > 0n && h.holder !== ZERO_ADDRESS && !isBurnAddress(h.holder))
    .slice(0, limit)
    .map(({ tokenId, holder }) => ({ tokenId, holder }));
}
