import { asAddress } from "../../../domain/chain/address";
import type { WorldWallet } from "../chain-writer";
import type { Scenario } from "../timeline";
import { DAY, HOUR, UNIT, USD, type World } from "../world";
import { play, seededRandom, type TimedAction } from "./scenario-kit";

const HOLDERS = 24;

/**
 * An honest token: a normal wallet deploys it and seeds a USDC pool; two dozen holders arrive over
 * two months, buy, sometimes buy again, pass tokens to each other and take partial profits.
 */
export async function* healthyTokenScenario(world: World): Scenario {
  const { amm, usdc } = world;
  const random = seededRandom("healthy-token");
  const deployer = await world.wallet("healthy-deployer");
  const holders = await world.wallets("healthy-holder", HOLDERS);

  yield world.day(9, 5 * HOUR);
  await world.mintUsdc(deployer.address, 250_000n * USD);
  yield world.day(10, 2 * HOUR);
  const token = await world.deployToken(deployer, "Harbor Token", "HRBR", 5_000_000n * UNIT);
  world.share("healthyToken", token);
  world.pairs.healthyToken = asAddress(amm.pairFor(token.address, usdc.address));
  Object.assign(world.roles, {
    healthyToken: asAddress(token.address),
    healthyTokenDeployer: asAddress(deployer.address),
    healthyHolders: holders.map((h) => asAddress(h.address)),
  });
  yield world.day(10, 3 * HOUR);
  await amm.approve(deployer, usdc.address);
  await amm.approve(deployer, token.address);
  await amm.addLiquidity(deployer, token.address, usdc.address, 4_500_000n * UNIT, 225_000n * USD);

  const buy = (holder: WorldWallet, usd: number) => amm.swap(holder, BigInt(usd) * USD, [usdc.address, token.address]);
  const sellShare = async (holder: WorldWallet, percent: number) => {
    const balance = await world.balanceOf(token.address, holder.address);
    await amm.swap(holder, (balance * BigInt(percent)) / 100n, [token.address, usdc.address]);
  };
  const actions: TimedAction[] = [];
  holders.forEach((holder, i) => {
    const arrival = world.day(11 + Math.floor(i * 2.5), random(1, 20) * HOUR);
    actions.push({
      at: arrival,
      run: async () => {
        await world.mintUsdc(holder.address, BigInt(random(2_000, 8_000)) * USD);
        await amm.approve(holder, usdc.address);
        await amm.approve(holder, token.address);
        await buy(holder, random(300, 2_000));
      },
    });
    if (i % 3 === 0) actions.push({ at: arrival + random(5, 30) * DAY, run: () => buy(holder, random(200, 900)) });
    if (i % 5 !== 1)
      actions.push({ at: arrival + random(20, 110) * DAY, run: () => sellShare(holder, random(15, 60)) });
    if (i % 4 === 2) {
      const friend = holders[(i + 7) % HOLDERS]!;
      actions.push({
        at: arrival + random(3, 40) * DAY + HOUR,
        run: async () => {
          const balance = await world.balanceOf(token.address, holder.address);
          await world.transfer(holder, token.address, friend.address, (balance * BigInt(random(5, 20))) / 100n);
        },
      });
    }
  });
  yield* play(actions.filter((a) => a.at < world.day(192)));
}

/** Buys healthyToken through the pool with freshly minted USDC, the way any newcomer would. */
export async function buyHealthyToken(world: World, wallet: WorldWallet, usd: number): Promise<void> {
  const token = world.use("healthyToken");
  await world.mintUsdc(wallet.address, BigInt(usd) * USD);
  await world.amm.approve(wallet, world.usdc.address);
  await world.amm.swap(wallet, BigInt(usd) * USD, [world.usdc.address, token.address]);
}
