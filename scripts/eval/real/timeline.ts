import { parseEther } from "ethers";
import { type Chain, evalWallet } from "./chain";
import { ERC20, type Launched, balanceOf, buy, sell } from "./launch";

export const TIMELINE_DAYS = 4;
const BUYERS_PER_DAY = 4;

/** A small deterministic generator (mulberry32): the same token gets the same amounts. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a corpus id: each token's own seed, so its timeline does not depend on the tokens launched beside it. */
function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface TradeTally {
  buys: number;
  buysFailed: number;
  sells: number;
  sellsFailed: number;
}

/**
 * The same days for every launched token, interleaved: each day fresh buyers (gas set by
 * hardhat_setBalance, no shared funder) buy 0.02-0.3 ETH worth, from day 2 about a third of the
 * earlier buyers sell 20-60% of their tokens, and on day 2 the owner pays a team wallet. Chain time
 * moves by a day between rounds (evm_increaseTime), so the whole corpus spends TIMELINE_DAYS of chain time.
 * Amounts come from a generator of the token's own (seeded by its id): `--only` plays a token's days as the whole run
 * does, where one generator for the chunk made a token's trades depend on the tokens before it.
 */
export async function playTimeline(
  chain: Chain,
  launched: readonly Launched[],
  weth: string,
): Promise<Map<string, TradeTally>> {
  const tallies = new Map<string, TradeTally>();
  const rngs = new Map(launched.map((l) => [l.address, random(seedOf(l.entry.id))]));
  const trading = launched.filter((l) => l.trading);
  const buyers = new Map<string, ReturnType<typeof evalWallet>[]>();
  for (let day = 1; day <= TIMELINE_DAYS; day++) {
    await chain.increaseTime(86_400 - 1_800);
    for (const l of trading) {
      const started = performance.now();
      const tally = tallies.get(l.address) ?? { buys: 0, buysFailed: 0, sells: 0, sellsFailed: 0 };
      const mine = buyers.get(l.address) ?? [];
      const rng = rngs.get(l.address) ?? random(seedOf(l.entry.id));
      for (let i = 0; i < BUYERS_PER_DAY; i++) {
        const buyer = evalWallet(`${l.entry.id}/buyer-${day}-${i}`);
        await chain.fund(buyer.address, parseEther("5"));
        const wei = parseEther((0.02 + rng() * 0.28).toFixed(4));
        if (await buy(chain, l, buyer, wei, weth)) {
          tally.buys++;
          mine.push(buyer);
        } else tally.buysFailed++;
      }
      if (day >= 2) {
        for (const seller of mine.slice(0, -BUYERS_PER_DAY).filter(() => rng() < 0.34)) {
          const share = BigInt(2_000 + Math.floor(rng() * 4_000));
          if (await sell(chain, l, seller, share, weth)) tally.sells++;
          else tally.sellsFailed++;
        }
      }
      if (day === 2) {
        const held = await balanceOf(chain, l.address, l.owner.address);
        const team = evalWallet(`${l.entry.id}/team`);
        if (held > 0n)
          await chain.send(
            l.owner,
            l.address,
            ERC20.encodeFunctionData("transfer", [team.address, held / 20n]),
            0n,
            500_000n,
          );
      }
      buyers.set(l.address, mine);
      tallies.set(l.address, tally);
      l.chainMs += Math.round(performance.now() - started);
    }
  }
  await chain.increaseTime(3_600);
  return tallies;
}
