import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import type { WorldWallet } from "../chain-writer";
import type { Scenario } from "../timeline";
import { DAY, HOUR, USD, type World } from "../world";
import { buyHealthyToken } from "./healthy-token.scenario";
import { play } from "./scenario-kit";

const LOCK_30_DAYS = 30 * DAY;

/**
 * A staking protocol (lock vaults for healthyToken, USDC and native value) and the people who use
 * it honestly: long locks taken months ago and never broken, plus one stake only 3 days old.
 */
export async function* honestStakingScenario(world: World): Scenario {
  const operator = await world.wallet("staking-operator");
  const stakers = await world.wallets("honest-staker", 3);
  const recent = await world.wallet("recent-staker");

  yield world.day(25, 10 * HOUR);
  const healthyLock = await world.writer.deploy(operator, world.artifact("LockStaking"), [
    world.use("healthyToken").address,
    LOCK_30_DAYS,
  ]);
  const usdcLock = await world.writer.deploy(operator, world.artifact("LockStaking"), [
    world.usdc.address,
    LOCK_30_DAYS,
  ]);
  const nativeLock = await world.writer.deploy(operator, world.artifact("NativeLockStaking"), [90 * DAY]);
  world.share("healthyTokenLock", healthyLock);
  world.share("usdcLock", usdcLock);
  world.share("nativeLock", nativeLock);
  Object.assign(world.staking, {
    healthyTokenLock: asAddress(healthyLock.address),
    usdcLock: asAddress(usdcLock.address),
    nativeLock: asAddress(nativeLock.address),
  });
  Object.assign(world.roles, {
    honestStakers: stakers.map((s) => asAddress(s.address)),
    recentStaker: asAddress(recent.address),
  });
  const token = world.use("healthyToken");

  const stakeHealthy = async (staker: WorldWallet, lockSeconds: number) => {
    const balance = await world.balanceOf(token.address, staker.address);
    await world.amm.approve(staker, token.address, healthyLock.address);
    await world.writer.call(staker, healthyLock, "stake(uint256,uint256)", [(balance * 9n) / 10n, lockSeconds]);
  };
  const stakeUsdc = async (staker: WorldWallet) => {
    await world.mintUsdc(staker.address, 20_000n * USD);
    await world.amm.approve(staker, world.usdc.address, usdcLock.address);
    await world.writer.call(staker, usdcLock, "stake(uint256,uint256)", [10_000n * USD, 300 * DAY]);
  };
  const topUp = async (staker: WorldWallet) =>
    world.writer.call(staker, healthyLock, "stake(uint256)", [
      (await world.balanceOf(token.address, staker.address)) / 2n,
    ]);
  yield* play([
    ...stakers.flatMap((staker, i) => [
      { at: world.day(27 + i, 9 * HOUR), run: () => buyHealthyToken(world, staker, 4_000 + 1_500 * i) },
      { at: world.day(30 + i, 11 * HOUR), run: () => stakeHealthy(staker, 365 * DAY) },
      { at: world.day(45 + 2 * i, 14 * HOUR), run: () => stakeUsdc(staker) },
      { at: world.day(100 + 3 * i, 10 * HOUR), run: () => topUp(staker) },
    ]),
    {
      at: world.day(52, 16 * HOUR),
      run: () => world.writer.call(stakers[0]!, nativeLock, "stake()", [], { value: parseEther("3") }),
    },
  ]);

  yield world.end - 4 * DAY;
  await buyHealthyToken(world, recent, 1_200);
  yield world.end - 3 * DAY;
  await world.amm.approve(recent, token.address, healthyLock.address);
  await world.writer.call(recent, healthyLock, "stake(uint256)", [
    await world.balanceOf(token.address, recent.address),
  ]);
}
