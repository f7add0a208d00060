import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";
import { play, seededRandom } from "./scenario-kit";

const BUYERS = 6;

/** A rug: the deployer seeds a WETH pool, lets buyers in for a week, dumps its tokens, then pulls all liquidity. */
export async function* rugPullScenario(world: World): Scenario {
  const { amm } = world;
  const random = seededRandom("rug-pull");
  const deployer = await world.wallet("rug-deployer", parseEther("100"));
  const buyers = await world.wallets("rug-buyer", BUYERS);

  yield world.day(168, 21 * HOUR);
  const token = await world.deployToken(deployer, "Safe Harbor Gold", "SHG", 1_000_000n * UNIT);
  const pair = amm.pairFor(token.address, amm.weth.address);
  await amm.approve(deployer, token.address);
  await amm.addLiquidityEth(deployer, token.address, 700_000n * UNIT, parseEther("30"));
  world.pairs.rugToken = asAddress(pair);
  Object.assign(world.roles, {
    rugToken: asAddress(token.address),
    rugDeployer: asAddress(deployer.address),
    rugBuyers: buyers.map((b) => asAddress(b.address)),
  });

  const rugAt = world.day(178, 4 * HOUR);
  yield* play([
    ...buyers.map((buyer, i) => ({
      at: world.day(169 + i, random(1, 22) * HOUR),
      run: () => amm.buyWithEth(buyer, token.address, parseEther(String(random(5, 40) / 10))),
    })),
    { at: rugAt, run: () => amm.sellForEth(deployer, token.address, 300_000n * UNIT) },
    {
      at: rugAt + 24,
      run: async () => {
        await amm.approve(deployer, pair);
        await amm.removeLiquidityEth(deployer, token.address, await world.balanceOf(pair, deployer.address));
      },
    },
  ]);
}
