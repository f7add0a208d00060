import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, USD, type World } from "../world";
import { play, type TimedAction } from "./scenario-kit";

const ROUND_TRIPS = 30;

/**
 * Two wallets washing one token: the same amount goes A -> B and straight back, every two days,
 * and every sixth day A buys from the pool what B sells into it.
 */
export async function* washTradingScenario(world: World): Scenario {
  const { amm, usdc } = world;
  const deployer = await world.wallet("wash-token-deployer");
  const [a, b] = await world.wallets("wash-trader", 2);
  if (a === undefined || b === undefined) throw new Error("two wash traders expected");

  yield world.day(47, 9 * HOUR);
  await world.mintUsdc(deployer.address, 40_000n * USD);
  await world.mintUsdc(a.address, 20_000n * USD);
  await world.mintUsdc(b.address, 20_000n * USD);
  yield world.day(48, 11 * HOUR);
  const token = await world.deployToken(deployer, "Mirror Volume", "MVOL", 10_000_000n * UNIT);
  await amm.approve(deployer, token.address);
  await amm.approve(deployer, usdc.address);
  await amm.addLiquidity(deployer, token.address, usdc.address, 8_000_000n * UNIT, 40_000n * USD);
  world.pairs.washToken = asAddress(amm.pairFor(token.address, usdc.address));
  Object.assign(world.roles, {
    washToken: asAddress(token.address),
    washTraders: [asAddress(a.address), asAddress(b.address)],
  });
  yield world.day(49, 10 * HOUR);
  for (const trader of [a, b]) {
    await amm.approve(trader, usdc.address);
    await amm.approve(trader, token.address);
    await amm.swap(trader, 5_000n * USD, [usdc.address, token.address]);
  }

  const lot = 100_000n * UNIT;
  const actions: TimedAction[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const at = world.day(50 + 2 * i, 13 * HOUR);
    actions.push({ at, run: () => world.transfer(a, token.address, b.address, lot) });
    actions.push({ at: at + HOUR, run: () => world.transfer(b, token.address, a.address, lot) });
    if (i % 3 === 0) {
      actions.push({ at: at + 3 * HOUR, run: () => amm.swap(a, 1_000n * USD, [usdc.address, token.address]) });
      actions.push({ at: at + 3 * HOUR + 60, run: () => amm.swap(b, 50_000n * UNIT, [token.address, usdc.address]) });
    }
  }
  yield* play(actions);
}
