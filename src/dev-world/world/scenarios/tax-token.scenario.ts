import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";
import { play, seededRandom } from "./scenario-kit";

const BUYERS = 6;
/** Half of every sell goes to the owner. */
const SELL_TAX_BPS = 5_000;

/** A token whose sells to its WETH pool are taxed 50% (buys are untaxed); some buyers sell anyway. */
export async function* taxTokenScenario(world: World): Scenario {
  const { amm, writer } = world;
  const random = seededRandom("tax-token");
  const deployer = await world.wallet("tax-deployer", parseEther("100"));
  const buyers = await world.wallets("tax-buyer", BUYERS);

  yield world.day(120, 15 * HOUR);
  const token = await writer.deploy(deployer, world.artifact("TaxToken"), [
    "Toll Booth",
    "TOLL",
    100_000_000n * UNIT,
    SELL_TAX_BPS,
  ]);
  const pair = amm.pairFor(token.address, amm.weth.address);
  await writer.call(deployer, token, "setPair", [pair], { gas: 100_000n });
  await amm.approve(deployer, token.address);
  await amm.addLiquidityEth(deployer, token.address, 80_000_000n * UNIT, parseEther("20"));
  world.pairs.taxToken = asAddress(pair);
  Object.assign(world.roles, {
    taxToken: asAddress(token.address),
    taxDeployer: asAddress(deployer.address),
    taxBuyers: buyers.map((b) => asAddress(b.address)),
  });

  yield* play([
    ...buyers.map((buyer, i) => ({
      at: world.day(121 + i, random(1, 22) * HOUR),
      run: () => amm.buyWithEth(buyer, token.address, parseEther(String(random(3, 20) / 10))),
    })),
    ...buyers.slice(0, 3).map((buyer, i) => ({
      at: world.day(131 + 2 * i, random(1, 22) * HOUR),
      run: async () => {
        await amm.approve(buyer, token.address);
        await amm.sellForEth(buyer, token.address, (await world.balanceOf(token.address, buyer.address)) / 2n);
      },
    })),
  ]);
}
