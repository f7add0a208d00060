import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";

const BUYERS = 10;

/**
 * A coordinated buy: one source wallet funds ten brand-new wallets in one block, and two hours
 * later all ten buy the token in one block.
 */
export async function* coordinatedBuyScenario(world: World): Scenario {
  const { amm } = world;
  const deployer = await world.wallet("coordinated-deployer", parseEther("50"));
  const source = await world.wallet("funding-source", parseEther("100"));
  // No gas of their own: the funding transfers below are their first and only inflow.
  const buyers = Array.from({ length: BUYERS }, (_, i) => world.wallet(`coordinated-buyer-${i}`, 0n));
  const fresh = await Promise.all(buyers);

  yield world.day(184, 18 * HOUR);
  const token = await world.deployToken(deployer, "Pump Signal", "PUMP", 50_000_000n * UNIT);
  await amm.approve(deployer, token.address);
  await amm.addLiquidityEth(deployer, token.address, 40_000_000n * UNIT, parseEther("10"));
  world.pairs.coordinatedToken = asAddress(amm.pairFor(token.address, amm.weth.address));
  Object.assign(world.roles, {
    coordinatedToken: asAddress(token.address),
    coordinatedDeployer: asAddress(deployer.address),
    fundingSource: asAddress(source.address),
    coordinatedBuyers: fresh.map((b) => asAddress(b.address)),
  });

  yield world.day(186, 14 * HOUR);
  for (const buyer of fresh) await world.writer.transferNative(source, buyer.address, parseEther("1.2"));
  yield world.day(186, 16 * HOUR);
  for (const buyer of fresh) await amm.buyWithEth(buyer, token.address, parseEther("1"));
}
