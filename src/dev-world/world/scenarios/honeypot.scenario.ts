import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";
import { play, seededRandom } from "./scenario-kit";

const VICTIMS = 6;

/**
 * A honeypot: buys from its WETH pool work, sells revert for everyone but the whitelisted
 * deployer. Victims buy over a few days; four try to sell and fail on chain; the deployer sells.
 */
export async function* honeypotScenario(world: World): Scenario {
  const { amm, writer } = world;
  const random = seededRandom("honeypot");
  const deployer = await world.wallet("honeypot-deployer", parseEther("100"));
  const victims = await world.wallets("honeypot-victim", VICTIMS);

  yield world.day(150, 20 * HOUR);
  const token = await writer.deploy(deployer, world.artifact("HoneypotToken"), [
    "Moon Rocket Inu",
    "MRI",
    1_000_000_000n * UNIT,
  ]);
  const pair = amm.pairFor(token.address, amm.weth.address);
  await writer.call(deployer, token, "setPair", [pair], { gas: 100_000n });
  await amm.approve(deployer, token.address);
  await amm.addLiquidityEth(deployer, token.address, 800_000_000n * UNIT, parseEther("15"));
  world.pairs.honeypotToken = asAddress(pair);
  Object.assign(world.roles, {
    honeypotToken: asAddress(token.address),
    honeypotDeployer: asAddress(deployer.address),
    honeypotVictims: victims.map((v) => asAddress(v.address)),
  });

  yield* play([
    ...victims.map((victim, i) => ({
      at: world.day(151 + Math.floor(i * 0.8), random(1, 22) * HOUR),
      run: () => amm.buyWithEth(victim, token.address, parseEther(String(random(5, 30) / 10))),
    })),
    ...victims.slice(0, 4).map((victim, i) => ({
      at: world.day(156 + i, random(1, 22) * HOUR),
      run: async () => {
        await amm.approve(victim, token.address);
        const balance = await world.balanceOf(token.address, victim.address);
        await amm.sellForEth(victim, token.address, balance / 2n, { expect: "revert" });
      },
    })),
    { at: world.day(160, 3 * HOUR), run: () => amm.sellForEth(deployer, token.address, 150_000_000n * UNIT) },
  ]);
}
