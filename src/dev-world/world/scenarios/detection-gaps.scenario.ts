import { parseEther } from "ethers";
import { type Address, asAddress } from "../../../domain/chain/address";
import type { ContractHandle, WorldWallet } from "../chain-writer";
import type { DetectionGapRoles } from "../detection-gaps-roles";
import { deployProxiedToken } from "../proxied-token";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";
import { type TimedAction, play, seededRandom } from "./scenario-kit";

const SUPPLY = 100_000_000n * UNIT;
const LIQUIDITY = 80_000_000n * UNIT;
const GAS = { gas: 200_000n } as const;

/**
 * Issue 17's remaining token-side cases: an ERC-20 behind a transparent proxy and one behind a beacon, each
 * traded and then upgraded to an implementation with a hidden mint; a token whose renounceOwnership() leaves a
 * way back; a token with part of its LP in a time lock (and a smaller part in a lock that has expired), whose
 * deployer and two buyers were funded by one address. Appended after the other scenarios, with its own wallets.
 */
export async function* detectionGapsScenario(world: World): Scenario {
  const { amm, writer } = world;
  const random = seededRandom("detection-gaps");
  const roles: Partial<Record<keyof DetectionGapRoles, Address | readonly Address[]>> = {};
  const actions: TimedAction[] = [];
  const day = 162;
  const at = (offset: number, run: () => Promise<unknown>): void => {
    actions.push({ at: world.day(day + offset, random(1, 22) * HOUR), run });
  };

  async function list(deployer: WorldWallet, token: ContractHandle, buyers: readonly WorldWallet[]): Promise<void> {
    await writer.call(deployer, token, "setPair", [amm.pairFor(token.address, amm.weth.address)], GAS);
    await amm.approve(deployer, token.address);
    await amm.addLiquidityEth(deployer, token.address, LIQUIDITY, parseEther("20"));
    buyers.forEach((buyer, i) =>
      at(1 + i, () => amm.buyWithEth(buyer, token.address, parseEther(String(random(5, 20) / 100)))),
    );
  }

  yield world.day(day, 9 * HOUR);
  const proxyDeployer = await world.wallet("gaps-proxy-deployer", parseEther("100"));
  const proxied = await deployProxiedToken(world, proxyDeployer, "transparent", ["Vault Yield", "VYLD", SUPPLY]);
  await list(proxyDeployer, proxied.token, await world.wallets("gaps-proxy-buyer", 4));
  roles.proxyToken = asAddress(proxied.token.address);
  roles.proxyAdmin = asAddress(proxied.upgrader.address);
  roles.proxyImplementationV1 = asAddress(proxied.implementation);
  at(8, async () => (roles.proxyImplementationV2 = asAddress(await proxied.upgrade())));

  const beaconDeployer = await world.wallet("gaps-beacon-deployer", parseEther("100"));
  const beaconed = await deployProxiedToken(world, beaconDeployer, "beacon", ["Beacon Share", "BSHR", SUPPLY]);
  await list(beaconDeployer, beaconed.token, await world.wallets("gaps-beacon-buyer", 4));
  roles.beaconProxyToken = asAddress(beaconed.token.address);
  roles.beacon = asAddress(beaconed.upgrader.address);
  at(9, async () => (roles.beaconImplementationV2 = asAddress(await beaconed.upgrade())));

  yield world.day(day, 10 * HOUR);
  const keeperDeployer = await world.wallet("gaps-keeper-deployer", parseEther("100"));
  const keeper = await writer.deploy(keeperDeployer, world.artifact("KeeperToken"), ["Keeper Coin", "KEEP", SUPPLY]);
  await list(keeperDeployer, keeper, await world.wallets("gaps-keeper-buyer", 4));
  roles.keeperToken = asAddress(keeper.address);
  at(6, () => writer.call(keeperDeployer, keeper, "renounceOwnership", [], GAS));

  // The LP-lock token's deployer and two of its buyers get their first native value from one funder.
  const funder = await world.wallet("gaps-funder", parseEther("500"));
  const lockDeployer = await world.wallet("gaps-lock-deployer", 0n);
  const insiders = await Promise.all([0, 1].map((i) => world.wallet(`gaps-lock-insider-${i}`, 0n)));
  await writer.transferNative(funder, lockDeployer.address, parseEther("100"));
  for (const insider of insiders) await writer.transferNative(funder, insider.address, parseEther("2"));
  roles.deployerFunder = asAddress(funder.address);
  roles.funderInsiders = insiders.map((i) => asAddress(i.address));

  yield world.day(day, 11 * HOUR);
  const locked = await writer.deploy(lockDeployer, world.artifact("PlainRenouncedToken"), [
    "Harbor Lock",
    "HRBR",
    SUPPLY,
  ]);
  await list(lockDeployer, locked, [...(await world.wallets("gaps-lock-buyer", 3)), ...insiders]);
  roles.lpLockedToken = asAddress(locked.address);
  const pair = amm.pairFor(locked.address, amm.weth.address);
  // A year on: past the end of the seeded history (the head), so the lock still runs when the token is scored.
  // Counted in world days, not from the wall clock, so every start deploys the same transaction.
  const lock = await writer.deploy(lockDeployer, world.artifact("LpTimeLock"), [
    pair,
    lockDeployer.address,
    world.day(day + 365),
  ]);
  const expired = await writer.deploy(lockDeployer, world.artifact("LpTimeLock"), [
    pair,
    lockDeployer.address,
    world.day(day + 5),
  ]);
  roles.lpLock = asAddress(lock.address);
  roles.lpExpiredLock = asAddress(expired.address);

  yield world.day(day, 12 * HOUR);
  const lp = await world.balanceOf(pair, lockDeployer.address);
  await world.transfer(lockDeployer, pair, lock.address, (lp * 60n) / 100n);
  await world.transfer(lockDeployer, pair, expired.address, (lp * 10n) / 100n);

  yield* play(actions);
  world.detectionGaps = roles as DetectionGapRoles;
}
