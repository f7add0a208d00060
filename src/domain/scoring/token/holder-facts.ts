import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { ChainTime, TokenHolding } from "../../chain/chain-types";
import { round2 } from "../common/math";
import { sample } from "../flag";
import type { MarketAnalysis } from "../market/trades";
import { isBurnAddress } from "../market/privileged";
import type { BuyerFunding, DeployerFunding } from "../profiles/token-profile";
import type { PoolFacts, TokenMarket } from "../profiles/market";
import { TOKEN } from "../thresholds";
import { type LpLockReadings, type LpLocker, lpLockFacts } from "./lp-locks";

/** A group of holders, with what they hold now as a percentage of the total supply. */
export interface HolderCohort {
  /** Null when the total supply is unknown. */
  readonly percent: number | null;
  readonly count: number;
  readonly addresses: readonly Address[];
}

/** What the deepest pool's LP tokens tell: how much is burned, how much is in a running time lock, and until when. */
export interface LiquidityLock {
  readonly pool: Address;
  readonly burnedPercent: number | null;
  /** Of the outstanding LP, held by locks whose release time is ahead (expired locks count as unlocked). */
  readonly lockedPercent: number | null;
  /** Earliest release time (chain time, unix seconds) among running locks; null when none runs or unknown. */
  readonly lockedUntil: ChainTime | null;
  /** Every LP holder found exposing a release time, expired ones included: the evidence. */
  readonly lockers: readonly LpLocker[];
}

/**
 * Holders and liquidity as figures (GoPlus creator_percent / owner_percent / LP status; Blockaid's cohorts).
 * Every figure that could not be determined is null and `unknown` says why.
 */
export interface HolderFacts {
  readonly creatorPercent: number | null;
  readonly ownerPercent: number | null;
  /** Of the supply outside pools and burn addresses. */
  readonly top10Percent: number | null;
  readonly liquidity: LiquidityLock | null;
  /** Bought within TOKEN.sniperBlocks blocks of the pool's first liquidity. */
  readonly snipers: HolderCohort;
  /** Received the token straight from the deployer, or were first funded by it or by the deployer's own funder. */
  readonly insiders: HolderCohort;
  /** Bought in the same block as another buyer with the same first funder. */
  readonly bundled: HolderCohort;
  readonly unknown: readonly string[];
}

function percentOf(amount: bigint, supply: bigint | null): number | null {
  return supply === null || supply <= 0n ? null : round2(Number((amount * 1_000_000n) / supply) / 10_000);
}

function cohort(
  addresses: Iterable<Address>,
  balances: ReadonlyMap<Address, bigint>,
  supply: bigint | null,
): HolderCohort {
  const list = [...new Set(addresses)];
  const held = list.reduce((sum, a) => sum + (balances.get(a) ?? 0n), 0n);
  return { percent: percentOf(held, supply), count: list.length, addresses: sample(list) };
}

/** LP burned: sent to a burn address by anyone but the pair (the pair's own burns are removals); LP locked. */
function liquidityLock(
  pool: PoolFacts,
  readings: LpLockReadings | null,
  now: ChainTime,
  unknown: string[],
): LiquidityLock {
  let outstanding = 0n;
  let burned = 0n;
  for (const t of pool.lpTransfers.items) {
    if (t.from === ZERO_ADDRESS) outstanding += t.value;
    if (t.to === ZERO_ADDRESS && t.from === pool.pool) outstanding -= t.value;
    if (isBurnAddress(t.to) && t.from !== pool.pool) burned += t.value;
    // Uniswap V2 mints MINIMUM_LIQUIDITY straight to 0x0: burned for good.
    if (t.from === ZERO_ADDRESS && t.to === ZERO_ADDRESS) burned += t.value;
  }
  const locks = lpLockFacts(pool, outstanding, readings, now);
  unknown.push(...locks.unknown);
  return {
    pool: pool.pool,
    burnedPercent: percentOf(burned, outstanding),
    lockedPercent: locks.lockedPercent,
    lockedUntil: locks.lockedUntil,
    lockers: locks.lockers,
  };
}

export function holderFacts(input: {
  readonly market: TokenMarket;
  readonly analysis: MarketAnalysis;
  readonly holders: readonly TokenHolding[];
  readonly totalSupply: bigint | null;
  readonly top10Share: number;
  readonly buyerFunding: ReadonlyMap<Address, BuyerFunding> | null;
  readonly lpLocks: LpLockReadings | null;
  readonly deployerFunding: DeployerFunding | null;
  readonly now: ChainTime;
}): HolderFacts {
  const { market, analysis, totalSupply: supply } = input;
  const unknown: string[] = [];
  const balances = new Map<Address, bigint>(input.holders.map((h) => [h.holder, h.balance]));
  if (supply === null) unknown.push("totalSupply() did not answer: percentages are unknown.");
  const deployer = market.deployer;
  if (deployer === null) unknown.push("The creator is unknown: creatorPercent is null.");
  const owner = market.owner;
  if (owner === null) unknown.push("The token has no owner(): ownerPercent is null.");
  else if (owner === ZERO_ADDRESS) unknown.push("Ownership is renounced: ownerPercent is null (there is no owner).");
  const deepest = [...market.pools].sort((a, b) => (b.tokenReserve > a.tokenReserve ? 1 : -1))[0];
  if (deepest === undefined) unknown.push("No pool: LP burn and lock status are unknown.");

  const firstLiquidityBlock = Math.min(
    ...market.pools.flatMap((p) =>
      p.lpTransfers.items.filter((t) => t.from === ZERO_ADDRESS).map((t) => t.blockNumber),
    ),
  );
  const buys = analysis.trades.filter((t) => t.kind === "buy" && !analysis.privileged.has(t.trader));
  const snipers = Number.isFinite(firstLiquidityBlock)
    ? buys.filter((t) => t.blockNumber - firstLiquidityBlock <= TOKEN.sniperBlocks).map((t) => t.trader)
    : [];
  const pools = analysis.pools;
  const insiders = new Set<Address>();
  if (deployer !== null) {
    for (const t of market.transfers.items)
      if (t.from === deployer && !pools.has(t.to) && !isBurnAddress(t.to) && t.to !== deployer) insiders.add(t.to);
    for (const [buyer, f] of input.buyerFunding ?? []) if (f.funder === deployer) insiders.add(buyer);
    // Holders and traders whose first money came from the deployer or from whoever first funded the deployer.
    const funded = input.deployerFunding?.funded;
    const candidates = [...balances.keys(), ...analysis.trades.map((t) => t.trader)];
    for (const a of candidates)
      if (funded?.has(a) === true && a !== deployer && !pools.has(a) && !isBurnAddress(a)) insiders.add(a);
  }
  if (deployer !== null && input.deployerFunding == null)
    unknown.push("The deployer's funding was not read: insiders funded through the deployer's funder are not counted.");
  const bundled = new Set<Address>();
  if (input.buyerFunding === null) unknown.push("Buyers' funders were not read: bundled buys are unknown.");
  else {
    const groups = new Map<string, Address[]>();
    for (const t of buys) {
      const funder = input.buyerFunding.get(t.trader)?.funder;
      if (funder === undefined) continue;
      const key = `${t.blockNumber}:${funder}`;
      groups.set(key, [...(groups.get(key) ?? []), t.trader]);
    }
    for (const group of groups.values()) if (new Set(group).size >= 2) group.forEach((a) => bundled.add(a));
  }
  return {
    creatorPercent: deployer === null ? null : percentOf(balances.get(deployer) ?? 0n, supply),
    ownerPercent: owner === null || owner === ZERO_ADDRESS ? null : percentOf(balances.get(owner) ?? 0n, supply),
    top10Percent: round2(input.top10Share * 100),
    liquidity: deepest === undefined ? null : liquidityLock(deepest, input.lpLocks, input.now, unknown),
    snipers: cohort(snipers, balances, supply),
    insiders: cohort(insiders, balances, supply),
    bundled: cohort(bundled, balances, supply),
    unknown,
  };
}
