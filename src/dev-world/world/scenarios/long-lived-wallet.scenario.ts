import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { DAY, HOUR, USD, type World } from "../world";
import { play, seededRandom, type TimedAction } from "./scenario-kit";

const COUNTERPARTIES = 12;

/**
 * Six months of ordinary use by one wallet: payments to and from a dozen people, swaps, wrapping
 * ETH, buying and later trimming healthyToken, minting an NFT, staking with a lock and
 * withdrawing only after it ends.
 */
export async function* longLivedWalletScenario(world: World): Scenario {
  const { amm, usdc, writer } = world;
  const random = seededRandom("long-lived-wallet");
  const me = await world.wallet("long-lived", parseEther("40"));
  const friends = await world.wallets("long-lived-counterparty", COUNTERPARTIES);
  Object.assign(world.roles, { longLivedWallet: asAddress(me.address) });

  yield world.day(2, 10 * HOUR);
  await world.mintUsdc(me.address, 30_000n * USD);
  for (const friend of friends) await world.mintUsdc(friend.address, 2_000n * USD);
  await amm.approve(me, usdc.address);

  const healthy = () => world.use("healthyToken").address;
  const routine = (k: number): (() => Promise<unknown>) => {
    const friend = friends[(k + Math.floor(k / 6)) % COUNTERPARTIES]!;
    switch (k % 6) {
      case 0:
        return () => world.transfer(me, usdc.address, friend.address, BigInt(random(20, 600)) * USD);
      case 1:
        return () => amm.buyWithEth(me, usdc.address, parseEther(String(random(1, 8) / 10)));
      case 2:
        return () => writer.call(me, amm.weth, "deposit", [], { value: parseEther("0.5"), gas: 100_000n });
      case 3:
        return () => world.transfer(friend, usdc.address, me.address, BigInt(random(10, 300)) * USD);
      case 4:
        return () => amm.swap(me, BigInt(random(100, 700)) * USD, [usdc.address, healthy()]);
      default:
        return () => writer.transferNative(me, friend.address, parseEther(String(random(1, 5) / 100)));
    }
  };
  const actions: TimedAction[] = [];
  for (let k = 0; k < 44; k++) {
    actions.push({ at: world.day(3 + Math.floor(k * 4.4), random(7, 22) * HOUR + random(0, 3_000)), run: routine(k) });
  }
  const lock = () => world.use("healthyTokenLock");
  actions.push(
    { at: world.day(22, 18 * HOUR), run: () => writer.call(me, world.use("nftOrganic"), "mint", [1]) },
    {
      at: world.day(31, 12 * HOUR),
      run: () => writer.call(me, amm.weth, "withdraw", [parseEther("0.3")], { gas: 100_000n }),
    },
    {
      at: world.day(36, 20 * HOUR),
      run: async () => {
        await amm.approve(me, healthy(), lock().address);
        await writer.call(me, lock(), "stake(uint256,uint256)", [
          (await world.balanceOf(healthy(), me.address)) / 2n,
          60 * DAY,
        ]);
      },
    },
    {
      at: world.day(101, 9 * HOUR),
      run: async () => writer.call(me, lock(), "withdraw", [await world.read(lock(), "positions", [me.address])]),
    },
    {
      at: world.day(121, 19 * HOUR),
      run: async () =>
        writer.call(me, lock(), "stake(uint256,uint256)", [
          (await world.balanceOf(healthy(), me.address)) / 2n,
          90 * DAY,
        ]),
    },
    {
      at: world.day(141, 11 * HOUR),
      run: async () => {
        await amm.approve(me, healthy());
        await amm.swap(me, (await world.balanceOf(healthy(), me.address)) / 3n, [healthy(), usdc.address]);
      },
    },
  );
  yield* play(actions);
}
