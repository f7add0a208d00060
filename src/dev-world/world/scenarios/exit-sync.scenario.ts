import { asAddress } from "../../../domain/chain/address";
import type { WorldWallet } from "../chain-writer";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, USD, type World } from "../world";
import { play, seededRandom } from "./scenario-kit";

const HOLDERS = 7;
/** Seconds between the three dump blocks: "within a few blocks". */
const DUMP_STEP = 12;

/** Holders who bought over four weeks, then all sell 90% of their position within three blocks. */
export async function* exitSyncScenario(world: World): Scenario {
  const { amm, usdc } = world;
  const random = seededRandom("exit-sync");
  const deployer = await world.wallet("exit-sync-deployer");
  const holders = await world.wallets("exit-sync-holder", HOLDERS);

  yield world.day(94, 10 * HOUR);
  await world.mintUsdc(deployer.address, 60_000n * USD);
  yield world.day(95, 12 * HOUR);
  const token = await world.deployToken(deployer, "Synchro", "SYNC", 20_000_000n * UNIT);
  await amm.approve(deployer, token.address);
  await amm.approve(deployer, usdc.address);
  await amm.addLiquidity(deployer, token.address, usdc.address, 15_000_000n * UNIT, 50_000n * USD);
  world.pairs.exitSyncToken = asAddress(amm.pairFor(token.address, usdc.address));
  Object.assign(world.roles, {
    exitSyncToken: asAddress(token.address),
    exitSyncDeployer: asAddress(deployer.address),
    exitSyncHolders: holders.map((h) => asAddress(h.address)),
  });

  const dump = async (holder: WorldWallet) => {
    const balance = await world.balanceOf(token.address, holder.address);
    await amm.swap(holder, (balance * 9n) / 10n, [token.address, usdc.address]);
  };
  const dumpAt = world.day(140, 19 * HOUR);
  yield* play([
    ...holders.map((holder, i) => ({
      at: world.day(96 + 4 * i, random(1, 22) * HOUR),
      run: async () => {
        const usd = random(1_000, 4_000);
        await world.mintUsdc(holder.address, BigInt(usd) * USD);
        await amm.approve(holder, usdc.address);
        await amm.approve(holder, token.address);
        await amm.swap(holder, BigInt(usd) * USD, [usdc.address, token.address]);
      },
    })),
    ...holders.map((holder, i) => ({ at: dumpAt + DUMP_STEP * Math.floor(i / 3), run: () => dump(holder) })),
  ]);
}
