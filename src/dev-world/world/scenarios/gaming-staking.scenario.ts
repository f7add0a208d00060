import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { DAY, HOUR, UNIT, USD, type World } from "../world";
import { buyHealthyToken } from "./healthy-token.scenario";

/**
 * Staking that the API's StakingSignal rules must not reward: a deployer staking its own token,
 * a ring of wallets staking for each other, a same-day stake/unstake churner, and a wallet that
 * unstakes right after deploying a token.
 */
export async function* gamingStakingScenario(world: World): Scenario {
  const { writer } = world;
  const selfStaker = await world.wallet("self-staking-deployer");
  const ring = await world.wallets("staking-ring", 3);
  const churner = await world.wallet("churner");
  const quitter = await world.wallet("unstake-after-deploy");

  yield world.day(60, 13 * HOUR);
  const ownToken = await world.deployToken(selfStaker, "Selfie Finance", "SELF", 1_000_000n * UNIT);
  const ownLock = await writer.deploy(selfStaker, world.artifact("LockStaking"), [ownToken.address, 60 * DAY]);
  yield world.day(61, 9 * HOUR);
  await world.amm.approve(selfStaker, ownToken.address, ownLock.address);
  await writer.call(selfStaker, ownLock, "stake(uint256)", [600_000n * UNIT]);

  yield world.day(80, 12 * HOUR);
  const ringToken = await world.deployToken(ring[0]!, "Ring Yield", "RING", 3_000_000n * UNIT);
  const ringLock = await writer.deploy(ring[0]!, world.artifact("LockStaking"), [ringToken.address, 30 * DAY]);
  yield world.day(80, 13 * HOUR);
  await world.transfer(ring[0]!, ringToken.address, ring[1]!.address, 1_000_000n * UNIT);
  await world.transfer(ring[0]!, ringToken.address, ring[2]!.address, 1_000_000n * UNIT);
  for (const [i, member] of ring.entries()) {
    yield world.day(81, (9 + 2 * i) * HOUR);
    const beneficiary = ring[(i + 1) % ring.length]!;
    await world.amm.approve(member, ringToken.address, ringLock.address);
    await writer.call(member, ringLock, "stakeFor", [beneficiary.address, 800_000n * UNIT]);
  }

  yield world.day(88, 10 * HOUR);
  await buyHealthyToken(world, quitter, 2_500);
  yield world.day(90, 10 * HOUR);
  const healthyLock = world.use("healthyTokenLock");
  const healthy = world.use("healthyToken");
  await world.amm.approve(quitter, healthy.address, healthyLock.address);
  await writer.call(quitter, healthyLock, "stake(uint256,uint256)", [
    await world.balanceOf(healthy.address, quitter.address),
    14 * DAY,
  ]);

  const usdcLock = world.use("usdcLock");
  yield world.day(149, 8 * HOUR);
  await world.mintUsdc(churner.address, 5_000n * USD);
  await world.amm.approve(churner, world.usdc.address, usdcLock.address);
  for (let d = 150; d < 156; d++) {
    yield world.day(d, 9 * HOUR);
    await writer.call(churner, usdcLock, "stake(uint256,uint256)", [4_000n * USD, 0]);
    yield world.day(d, 15 * HOUR);
    await writer.call(churner, usdcLock, "withdraw", [4_000n * USD]);
  }

  yield world.day(170, 11 * HOUR);
  const quitterToken = await world.deployToken(quitter, "Exit Liquidity", "EXIT", 10_000_000n * UNIT);
  yield world.day(170, 13 * HOUR);
  const stakedAmount = await world.read(healthyLock, "positions", [quitter.address]);
  await writer.call(quitter, healthyLock, "unstake", [stakedAmount]);

  Object.assign(world.staking, { selfStakeLock: asAddress(ownLock.address), ringLock: asAddress(ringLock.address) });
  Object.assign(world.roles, {
    selfStakingDeployer: asAddress(selfStaker.address),
    selfStakedToken: asAddress(ownToken.address),
    stakingRing: ring.map((m) => asAddress(m.address)),
    churner: asAddress(churner.address),
    unstakeAfterDeploy: asAddress(quitter.address),
    unstakeAfterDeployToken: asAddress(quitterToken.address),
  });
}
