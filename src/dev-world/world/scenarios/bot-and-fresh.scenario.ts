import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { USD, type World } from "../world";

const BOT_TRADES = 130;
/** Machine-regular: one trade every exactly 60 seconds of chain time. */
const BOT_INTERVAL = 60;

/** A high-velocity bot trading the USDC/WETH pool on a fixed beat, and a wallet funded once that never acted. */
export async function* botAndFreshScenario(world: World): Scenario {
  const { amm, usdc } = world;
  const bot = await world.wallet("bot", parseEther("50"));
  const funder = await world.wallet("fresh-funder");
  const fresh = await world.wallet("fresh-wallet", 0n);
  Object.assign(world.roles, { botWallet: asAddress(bot.address), freshWallet: asAddress(fresh.address) });

  const start = world.day(174, 37_800);
  yield start - 600;
  await world.mintUsdc(bot.address, 5_000n * USD);
  await amm.approve(bot, usdc.address);
  for (let i = 0; i < BOT_TRADES; i++) {
    yield start + i * BOT_INTERVAL;
    if (i % 2 === 0) await amm.buyWithEth(bot, usdc.address, parseEther("0.01"));
    else await amm.sellForEth(bot, usdc.address, 20n * USD);
  }

  yield world.day(195, 40_000);
  await world.writer.transferNative(funder, fresh.address, parseEther("0.5"));
}
