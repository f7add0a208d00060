import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";
import type { CommunityWallet, WalletSend } from "./community-facts";
import { GRAPH_TRUST } from "./graph-trust-thresholds";
import type { FamilyFinding } from "./cluster-types";

const sampleTx = (hashes: Iterable<TxHash>): TxHash[] => [...new Set(hashes)].slice(0, GRAPH_TRUST.evidenceTxSample);

interface Timed<T> {
  readonly at: number;
  readonly who: Address;
  readonly item: T;
}

/**
 * Windows of time-ordered events (width `width` in `at` units, inclusive) holding at least `need`
 * distinct actors; returns every event inside such a window. Two pointers: linear after the sort.
 */
function denseEvents<T>(events: readonly Timed<T>[], width: number, need: number): Timed<T>[] {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const counts = new Map<Address, number>();
  const inDense = new Set<number>();
  let left = 0;
  for (let right = 0; right < sorted.length; right++) {
    const e = sorted[right]!;
    counts.set(e.who, (counts.get(e.who) ?? 0) + 1);
    while (e.at - sorted[left]!.at > width) {
      const gone = sorted[left]!.who;
      const n = (counts.get(gone) ?? 1) - 1;
      if (n === 0) counts.delete(gone);
      else counts.set(gone, n);
      left++;
    }
    if (counts.size >= need) for (let i = left; i <= right; i++) inDense.add(i);
  }
  return [...inDense].sort((a, b) => a - b).map((i) => sorted[i]!);
}

/** funding: one source (after relays) first-funded `need` of the wallets within GRAPH_TRUST.fundingWindowSeconds. */
export function fundingFamily(wallets: readonly CommunityWallet[], need: number): FamilyFinding | null {
  const byRoot = new Map<Address, Timed<CommunityWallet>[]>();
  for (const w of wallets) {
    if (w.funding === null) continue;
    const list = byRoot.get(w.funding.root) ?? [];
    list.push({ at: w.funding.fundedAt, who: w.address, item: w });
    byRoot.set(w.funding.root, list);
  }
  let best: { root: Address; dense: Timed<CommunityWallet>[] } | null = null;
  for (const [root, list] of byRoot) {
    const dense = denseEvents(list, GRAPH_TRUST.fundingWindowSeconds, need);
    if (dense.length > (best?.dense.length ?? 0)) best = { root, dense };
  }
  if (best === null) return null;
  const funded = best.dense.map((e) => e.item);
  const relays = [...new Set(funded.flatMap((w) => w.funding?.via ?? []))];
  const hops = relays.length === 0 ? "directly" : `through ${relays.length} relay(s) ${relays.join(", ")}`;
  return {
    family: "funding",
    participants: new Set(funded.map((w) => w.address)),
    detail: `${funded.length} wallets first funded by ${best.root} ${hops}, within ${GRAPH_TRUST.fundingWindowSeconds / 3600} h (followed up to ${GRAPH_TRUST.fundingDepth} hops).`,
    txHashes: sampleTx(funded.flatMap((w) => w.funding?.txHashes ?? [])),
    hubs: [best.root, ...relays],
  };
}

/**
 * The externally owned address a wallet swept to: the destination of most of its transfers (by count,
 * then value), when what went there is at least GRAPH_TRUST.sweepMinShare of what the wallet received in that
 * asset (or, when its receipts are unknown, of what it sent in it).
 */
function sweepDestination(wallet: CommunityWallet): Address | null {
  const tally = new Map<string, { to: Address; asset: Address | "native"; n: number; value: bigint }>();
  for (const s of wallet.sends) {
    if (s.toContract || s.to === wallet.address) continue;
    const key = `${s.to}:${s.asset}`;
    const t = tally.get(key) ?? { to: s.to, asset: s.asset, n: 0, value: 0n };
    tally.set(key, { ...t, n: t.n + 1, value: t.value + s.value });
  }
  let best: { to: Address; asset: Address | "native"; n: number; value: bigint } | null = null;
  for (const t of tally.values())
    if (best === null || t.n > best.n || (t.n === best.n && t.value > best.value)) best = t;
  if (best === null) return null;
  const asset = best.asset;
  const sent = wallet.sends.filter((s) => s.asset === asset).reduce((sum, s) => sum + s.value, 0n);
  const base = wallet.received.get(asset) ?? 0n;
  const whole = base > 0n ? base : sent;
  const shareBps = BigInt(Math.round(GRAPH_TRUST.sweepMinShare * 10_000));
  return whole > 0n && best.value * 10_000n >= whole * shareBps ? best.to : null;
}

/** sweep: `need` of the wallets send mostly to one and the same externally owned address. */
export function sweepFamily(wallets: readonly CommunityWallet[], need: number): FamilyFinding | null {
  const byDestination = new Map<Address, CommunityWallet[]>();
  for (const w of wallets) {
    const d = sweepDestination(w);
    if (d !== null) byDestination.set(d, [...(byDestination.get(d) ?? []), w]);
  }
  let best: [Address, CommunityWallet[]] | null = null;
  for (const entry of byDestination) if (entry[1].length > (best?.[1].length ?? 0)) best = entry;
  if (best === null || best[1].length < need) return null;
  const [to, sweepers] = best;
  return {
    family: "sweep",
    participants: new Set(sweepers.map((w) => w.address)),
    detail: `${sweepers.length} wallets swept at least ${Math.round(GRAPH_TRUST.sweepMinShare * 100)}% of what they received to one address, ${to}.`,
    txHashes: sampleTx(sweepers.flatMap((w) => w.sends.filter((s) => s.to === to).map((s) => s.txHash))),
    hubs: [to],
  };
}

/** timing: `need` distinct wallets send transactions within GRAPH_TRUST.timingWindowBlocks blocks of each other. */
export function timingFamily(wallets: readonly CommunityWallet[], need: number): FamilyFinding | null {
  const events = wallets.flatMap((w) => w.sends.map((s) => ({ at: s.block, who: w.address, item: s })));
  const dense = denseEvents(events, GRAPH_TRUST.timingWindowBlocks, need);
  const participants = new Set(dense.map((e) => e.who));
  if (participants.size < need) return null;
  const blocks = [...new Set(dense.map((e) => e.at))];
  return {
    family: "timing",
    participants,
    detail: `${participants.size} wallets sent transactions within ${GRAPH_TRUST.timingWindowBlocks} block(s) of each other (blocks ${blocks.slice(0, 5).join(", ")}).`,
    txHashes: sampleTx(dense.map((e) => e.item.txHash)),
    hubs: [],
  };
}

/** amounts: `need` distinct wallets sent the same asset in amounts within GRAPH_TRUST.amountToleranceBps of each other. */
export function amountsFamily(wallets: readonly CommunityWallet[], need: number): FamilyFinding | null {
  const byAsset = new Map<string, { who: Address; send: WalletSend }[]>();
  for (const w of wallets)
    for (const s of w.sends) byAsset.set(s.asset, [...(byAsset.get(s.asset) ?? []), { who: w.address, send: s }]);
  const participants = new Set<Address>();
  const hashes: TxHash[] = [];
  for (const list of byAsset.values()) {
    const sorted = [...list].sort((a, b) => (a.send.value < b.send.value ? -1 : a.send.value > b.send.value ? 1 : 0));
    let left = 0;
    const counts = new Map<Address, number>();
    for (let right = 0; right < sorted.length; right++) {
      const r = sorted[right]!;
      counts.set(r.who, (counts.get(r.who) ?? 0) + 1);
      // hi <= lo * (1 + tolerance), in integers.
      while (r.send.value * 10_000n > sorted[left]!.send.value * BigInt(10_000 + GRAPH_TRUST.amountToleranceBps)) {
        const gone = sorted[left]!.who;
        const n = (counts.get(gone) ?? 1) - 1;
        if (n === 0) counts.delete(gone);
        else counts.set(gone, n);
        left++;
      }
      if (counts.size < need) continue;
      for (let i = left; i <= right; i++) {
        participants.add(sorted[i]!.who);
        hashes.push(sorted[i]!.send.txHash);
      }
    }
  }
  if (participants.size < need) return null;
  return {
    family: "amounts",
    participants,
    detail: `${participants.size} wallets sent near-identical amounts (within ${GRAPH_TRUST.amountToleranceBps / 100}% of each other).`,
    txHashes: sampleTx(hashes),
    hubs: [],
  };
}

/** co_trading: `need` distinct wallets bought the same (non-money) token within GRAPH_TRUST.coTradingWindowBlocks. */
export function coTradingFamily(
  wallets: readonly CommunityWallet[],
  moneyTokens: ReadonlySet<Address>,
  need: number,
): FamilyFinding | null {
  const byToken = new Map<Address, Timed<TxHash>[]>();
  for (const w of wallets)
    for (const t of w.trades) {
      if (moneyTokens.has(t.token)) continue;
      byToken.set(t.token, [...(byToken.get(t.token) ?? []), { at: t.block, who: w.address, item: t.txHash }]);
    }
  const participants = new Set<Address>();
  const hashes: TxHash[] = [];
  const tokens: Address[] = [];
  for (const [token, events] of byToken) {
    const dense = denseEvents(events, GRAPH_TRUST.coTradingWindowBlocks, need);
    if (dense.length === 0) continue;
    tokens.push(token);
    for (const e of dense) {
      participants.add(e.who);
      hashes.push(e.item);
    }
  }
  if (participants.size < need) return null;
  return {
    family: "co_trading",
    participants,
    detail: `${participants.size} wallets bought the same token (${tokens.slice(0, 3).join(", ")}) within ${GRAPH_TRUST.coTradingWindowBlocks} blocks.`,
    txHashes: sampleTx(hashes),
    hubs: [],
  };
}
