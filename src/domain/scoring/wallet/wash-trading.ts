import type { Address } from "../../chain/address";
import type { TxHash } from "../../chain/chain-types";
import { chronological } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import type { WalletProfile } from "../profiles/wallet-profile";
import { WALLET } from "../thresholds";

interface Leg {
  readonly asset: string;
  readonly out: boolean;
  readonly counterparty: Address;
  /** Small integer standing for the counterparty, so routes are keyed by numbers, not strings. */
  readonly party: number;
  /** The amount as a float: a tolerance of a few percent needs no 256-bit precision, and floats are fast. */
  readonly amount: number;
  readonly txHash: TxHash;
  readonly timestamp: number;
}

/** Merges lists that are each oldest first into one oldest-first list, in linear time. */
function mergeByTime(lists: readonly (readonly Leg[])[]): Leg[] {
  const sorted = lists.map((l) => chronological(l));
  const cursors = sorted.map(() => 0);
  const out: Leg[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < sorted.length; i++) {
      const candidate = sorted[i]![cursors[i]!];
      if (candidate !== undefined && (pick < 0 || candidate.timestamp < sorted[pick]![cursors[pick]!]!.timestamp))
        pick = i;
    }
    if (pick < 0) return out;
    out.push(sorted[pick]![cursors[pick]!++]!);
  }
}

/** Value movements of the wallet: native value, ERC-20 and NFT transfers (an NFT is its own asset). */
function legsOf(profile: WashHistory, excluded: ReadonlySet<Address>): Leg[] {
  const self = profile.address;
  const lists: Leg[][] = [[], [], []];
  const ids = new Map<Address, number>();
  const push = (
    list: Leg[],
    asset: string,
    from: Address,
    to: Address | null,
    amount: bigint,
    txHash: TxHash,
    timestamp: number,
  ): void => {
    if (to === null || from === to || amount <= 0n) return;
    const out = from === self;
    const counterparty = out ? to : from;
    if (excluded.has(counterparty)) return;
    let party = ids.get(counterparty);
    if (party === undefined) ids.set(counterparty, (party = ids.size));
    list.push({ asset, out, counterparty, party, amount: Number(amount), txHash, timestamp });
  };
  for (const tx of profile.transactions.items)
    if (tx.success) push(lists[0]!, "native", tx.from, tx.to, tx.value, tx.hash, tx.timestamp);
  for (const t of profile.tokenTransfers.items) push(lists[1]!, t.token, t.from, t.to, t.value, t.txHash, t.timestamp);
  for (const t of profile.nftTransfers.items)
    push(lists[2]!, `${t.token}#${t.tokenId ?? 0n}`, t.from, t.to, t.value, t.txHash, t.timestamp);
  return mergeByTime(lists);
}

/** One leg of a round trip: where the value moved and when (chain time). */
export interface WashMoment {
  readonly txHash: TxHash;
  readonly timestamp: number;
}

/** A value sent out and returned (or received and sent back) within the window, at a close amount. */
export interface WashRoundTrip {
  readonly opened: WashMoment;
  readonly closed: WashMoment;
}

/** The round trips of one (sent to, came back from) route, oldest first. */
export interface WashRoute {
  readonly outTo: Address;
  readonly backFrom: Address;
  readonly trips: readonly WashRoundTrip[];
}

/** What the detector reads of a wallet: its native value, ERC-20 and NFT movements. */
export type WashHistory = Pick<WalletProfile, "address" | "transactions" | "tokenTransfers" | "nftTransfers">;

/**
 * Pairs each leg with an earlier opposite leg of the same asset and a close amount inside the window.
 * A route is (sent to, came back from): equal for a pair round trip, different for a small cycle. Only
 * out-then-in counts as a cycle; in-then-out through different addresses is forwarding. The search is
 * bounded per asset, so the pass stays linear.
 */
export function washRoutes(history: WashHistory, excluded: ReadonlySet<Address>): WashRoute[] {
  const window = WALLET.washWindowSeconds;
  const tolerance = WALLET.washAmountToleranceBps / 10_000;
  const maxPending = WALLET.washPendingPerAsset;
  // Outstanding legs by direction and asset: a leg only ever pairs with the opposite direction.
  const pending = { out: new Map<string, Leg[]>(), in: new Map<string, Leg[]>() };
  const routes = new Map<
    number,
    { readonly outTo: Address; readonly backFrom: Address; readonly trips: WashRoundTrip[] }
  >();
  for (const leg of legsOf(history, excluded)) {
    const opposite = (leg.out ? pending.in : pending.out).get(leg.asset);
    let matched = -1;
    for (let i = (opposite?.length ?? 0) - 1; i >= 0; i--) {
      const earlier = opposite![i]!;
      if (leg.timestamp - earlier.timestamp > window) break;
      if (Math.abs(earlier.amount - leg.amount) > earlier.amount * tolerance) continue;
      if (!earlier.out && earlier.party !== leg.party) continue;
      matched = i;
      break;
    }
    if (matched >= 0) {
      const earlier = opposite!.splice(matched, 1)[0]!;
      // Counterparty ids are < 2^26 in any real history, so the pair packs into one safe integer.
      const key = earlier.party * 67_108_864 + leg.party;
      let route = routes.get(key);
      if (route === undefined) {
        const [outTo, backFrom] = earlier.out
          ? [earlier.counterparty, leg.counterparty]
          : [leg.counterparty, earlier.counterparty];
        route = { outTo, backFrom, trips: [] };
        routes.set(key, route);
      }
      route.trips.push({ opened: momentOf(earlier), closed: momentOf(leg) });
    } else {
      const side = leg.out ? pending.out : pending.in;
      const open = side.get(leg.asset);
      if (open === undefined) side.set(leg.asset, [leg]);
      else {
        open.push(leg);
        if (open.length > maxPending) open.shift();
      }
    }
  }
  return [...routes.values()];
}

const momentOf = (leg: Leg): WashMoment => ({ txHash: leg.txHash, timestamp: leg.timestamp });

/** Routes repeated often enough that each one alone is a wash-trading pattern. */
const isWashRoute = (route: WashRoute): boolean => route.trips.length >= WALLET.washMinRoundTrips;

/**
 * The moments wash trading happened: each round trip of a route that meets the WASH_TRADING threshold
 * (a round trip happens when it closes).
 */
export function washTradingMoments(history: WashHistory, excluded: ReadonlySet<Address>): WashMoment[] {
  return washRoutes(history, excluded)
    .filter(isWashRoute)
    .flatMap((route) => route.trips.map((trip) => trip.closed))
    .sort((a, b) => a.timestamp - b.timestamp);
}

export function washTradingFlag(profile: WashHistory, excluded: ReadonlySet<Address>): Flag | null {
  const routes = washRoutes(profile, excluded);
  let worst: WashRoute | null = null;
  for (const route of routes) if (worst === null || route.trips.length > worst.trips.length) worst = route;
  if (worst === null || !isWashRoute(worst)) return null;
  const count = worst.trips.length;
  const pair = worst.outTo === worst.backFrom;
  const path = pair ? `to and back from ${worst.outTo}` : `out to ${worst.outTo} and back from ${worst.backFrom}`;
  return raiseFlag("WASH_TRADING", {
    detail: `${count} round trips ${path}, each returning within ${WALLET.washWindowSeconds / 3600} h.`,
    txHashes: sample(worst.trips.slice(0, 5).flatMap((trip) => [trip.opened.txHash, trip.closed.txHash])),
    counterparties: pair ? [worst.outTo] : [worst.outTo, worst.backFrom],
    figures: { roundTrips: count, routes: routes.length },
  });
}
