import type { Address } from "../../chain/address";
import type { TokenHolding } from "../../chain/chain-types";
import { round2, shareOf } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import { isBurnAddress, liveOwner } from "../market/privileged";
import type { TokenMarket } from "../profiles/market";
import { TOKEN } from "../thresholds";

export interface HolderDistribution {
  /** Holders with a balance, other than pools, burn addresses and the token itself (deployer included). */
  readonly holderCount: number;
  /** Shares of the supply outside pools and burn addresses, 0..1. */
  readonly top10Share: number;
  /** Herfindahl-Hirschman index over public holders (deployer and owner excluded), 0..10,000. */
  readonly hhi: number;
  /**
   * Deployer + owner share of the total supply minus burn addresses, 0..1. Pool reserves stay in this
   * denominator: they are circulating supply, and a thin float outside the pool must not inflate the share.
   */
  readonly deployerShare: number;
  readonly top10: readonly Address[];
}

/**
 * Denominator of the holder shares: the supply outside pools and burn addresses (totalSupply when known,
 * else the sum of the balances listed), so liquidity in a pool is not mistaken for concentration. The
 * deployer share is of the unburned supply instead (see `deployerShare`). Linear in the holders.
 */
export function holderDistribution(
  holders: readonly TokenHolding[],
  market: TokenMarket,
  totalSupply: bigint | null,
): HolderDistribution {
  const pools = new Set(market.pools.map((p) => p.pool));
  const insiders = new Set<Address>();
  if (market.deployer !== null) insiders.add(market.deployer);
  const owner = liveOwner(market.owner);
  if (owner !== null) insiders.add(owner);
  let listed = 0n;
  let parked = 0n;
  let burned = 0n;
  let insiderBalance = 0n;
  const counted: TokenHolding[] = [];
  for (const h of holders) {
    listed += h.balance;
    if (isBurnAddress(h.holder)) burned += h.balance;
    if (pools.has(h.holder) || isBurnAddress(h.holder) || h.holder === market.token) {
      parked += h.balance;
      continue;
    }
    if (h.balance <= 0n) continue;
    counted.push(h);
    if (insiders.has(h.holder)) insiderBalance += h.balance;
  }
  const hhiBase = counted.filter((h) => !insiders.has(h.holder));
  // A pool missing from a truncated holder list still parks its reserve.
  const listedHolders = new Set(holders.map((h) => h.holder));
  for (const p of market.pools) if (!listedHolders.has(p.pool)) parked += p.tokenReserve;
  const whole = totalSupply !== null && totalSupply >= listed ? totalSupply : listed;
  const supply = whole > parked ? whole - parked : whole;
  const unburned = whole > burned ? whole - burned : whole;
  counted.sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0));
  const top10 = counted.slice(0, 10);
  const top10Balance = top10.reduce((sum, h) => sum + h.balance, 0n);
  let hhi = 0;
  for (const h of hhiBase) hhi += (shareOf(h.balance, supply) * 100) ** 2;
  return {
    holderCount: counted.length,
    top10Share: round2(shareOf(top10Balance, supply)),
    hhi: Math.round(hhi),
    deployerShare: round2(shareOf(insiderBalance, unburned)),
    top10: top10.map((h) => h.holder),
  };
}

export function distributionFlags(d: HolderDistribution, market: TokenMarket): Flag[] {
  const flags: Flag[] = [];
  const top10Concentrated =
    d.top10Share >= TOKEN.concentrationTop10Share && d.holderCount >= TOKEN.concentrationTop10MinHolders;
  if (d.hhi >= TOKEN.concentrationHhi || top10Concentrated) {
    flags.push(
      raiseFlag("HIGH_CONCENTRATION", {
        detail: `HHI ${d.hhi} of 10,000; top-10 holders own ${Math.round(d.top10Share * 100)}% of the supply outside pools.`,
        holders: sample(d.top10),
        figures: { hhi: d.hhi, top10Share: d.top10Share, holders: d.holderCount },
      }),
    );
  }
  if (d.deployerShare >= TOKEN.deployerShare) {
    const insiders = [market.deployer, liveOwner(market.owner)].filter((a): a is Address => a !== null);
    const high = d.deployerShare >= TOKEN.deployerShareHigh;
    flags.push(
      raiseFlag(
        "DEPLOYER_HOLDS_MUCH",
        {
          detail: `Deployer/owner hold ${Math.round(d.deployerShare * 100)}% of the total supply (burned tokens excluded).`,
          holders: [...new Set(insiders)],
          figures: { deployerShare: d.deployerShare },
        },
        high ? { severity: "high", points: -20 } : undefined,
      ),
    );
  }
  return flags;
}
