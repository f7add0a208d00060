import { type Address, asAddress } from "../../../domain/chain/address";
import type { ContractHandle, WorldWallet } from "../chain-writer";
import type { NftCapabilityCollectionRoles } from "../dev-world-manifest";
import type { Scenario } from "../timeline";
import { HOUR, type World } from "../world";
import { type TimedAction, play, seededRandom } from "./scenario-kit";

const MINTERS = 4;
/** Close enough to the minted supply that one simulated mint can ask for more than the cap leaves. */
const MAX_SUPPLY = 30n;
const GAS = { gas: 300_000n } as const;

interface Launched {
  readonly collection: ContractHandle;
  readonly deployer: WorldWallet;
  readonly minters: readonly WorldWallet[];
}

/**
 * ERC-721 collections that each have one capability under a name no selector table lists (airdropReserve()
 * mints, teamAllocation() mints past MAX_SUPPLY, refreshArt() swaps the art, reclaim() burns, a stored keeper's
 * rescue() moves items, anyone's sweep() takes them) and a renounced plain collection that must raise none.
 * Each is minted by a few collectors through its public capped mint. Appended after the capability tokens:
 * its own wallets, so no earlier address moves; days 176-184 stay well inside the 200-day window.
 */
export async function* nftCapabilityCollectionsScenario(world: World): Scenario {
  const { writer } = world;
  const random = seededRandom("nft-capability-collections");
  const roles: Partial<Record<keyof NftCapabilityCollectionRoles, Address | readonly Address[]>> = {};
  const actions: TimedAction[] = [];
  const day = 176;

  async function launch(
    role: keyof NftCapabilityCollectionRoles,
    contract: string,
    name: string,
    symbol: string,
  ): Promise<Launched> {
    const deployer = await world.wallet(`nftcap-${role}-deployer`);
    const minters = await world.wallets(`nftcap-${role}-minter`, MINTERS);
    const collection = await writer.deploy(deployer, world.artifact(contract), [name, symbol, MAX_SUPPLY]);
    roles[role] = asAddress(collection.address);
    minters.forEach((minter, i) =>
      actions.push({
        at: world.day(day + 1 + i, random(1, 22) * HOUR),
        run: () => writer.call(minter, collection, "mint", [random(1, 3)], GAS),
      }),
    );
    return { collection, deployer, minters };
  }
  const later = (offset: number, run: () => Promise<unknown>): void => {
    actions.push({ at: world.day(day + offset, random(1, 22) * HOUR), run });
  };

  yield world.day(day, 9 * HOUR);
  const reserve = await launch("reserveDropCollection", "ReserveDropCollection", "Reserve Drop", "RDROP");
  later(6, () =>
    writer.call(reserve.deployer, reserve.collection, "airdropReserve", [reserve.deployer.address, 2n], GAS),
  );
  await launch("teamAllocationCollection", "TeamAllocationCollection", "Team Allocation", "TEAM");
  await launch("refreshArtCollection", "RefreshArtCollection", "Living Canvas", "CANVAS");
  await launch("reclaimCollection", "ReclaimCollection", "Reclaim Club", "RCLM");

  yield world.day(day, 10 * HOUR);
  const rescue = await launch("rescueCollection", "RescueCollection", "Safe Harbor", "HARBOR");
  later(6, () => writer.call(rescue.deployer, rescue.collection, "renounceOwnership", [], GAS));
  await launch("sweepCollection", "SweepCollection", "Open Sweep", "SWEEP");
  const plain = await launch("plainRenouncedCollection", "PlainCollection", "Quiet Meadow", "MEADOW");
  later(6, () => writer.call(plain.deployer, plain.collection, "renounceOwnership", [], GAS));
  roles.holders = plain.minters.map((m) => asAddress(m.address));
  world.nftCapabilityCollections = roles as NftCapabilityCollectionRoles;

  yield* play(actions);
}
