import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { HOUR, USD, type World } from "../world";

const BUYERS = 10;
const SUPPLY = 20;

/** A creator who mints its whole collection to itself, then offloads every piece within two blocks once buyers have paid. */
export async function* nftDumpScenario(world: World): Scenario {
  const { writer } = world;
  const creator = await world.wallet("nft-dump-creator");
  const buyers = await world.wallets("nft-dump-buyer", BUYERS);

  yield world.day(138, 17 * HOUR);
  const collection = await writer.deploy(
    creator,
    world.artifact("SeedCollection721"),
    ["Sunset Rush", "SUNR"],
    3_000_000n,
  );
  await writer.call(creator, collection, "mint", [SUPPLY], { gas: 3_000_000n });
  Object.assign(world.roles, { nftDump: asAddress(collection.address), nftDumpCreator: asAddress(creator.address) });

  yield world.day(139, 12 * HOUR);
  for (const buyer of buyers) {
    await world.mintUsdc(buyer.address, 500n * USD);
    await world.transfer(buyer, world.usdc.address, creator.address, 100n * USD);
  }
  for (let block = 0; block < 2; block++) {
    yield world.day(140, 9 * HOUR) + 12 * block;
    for (let id = block * (SUPPLY / 2) + 1; id <= (block + 1) * (SUPPLY / 2); id++) {
      const buyer = buyers[(id - 1) % BUYERS]!;
      await writer.call(creator, collection, "transferFrom", [creator.address, buyer.address, id]);
    }
  }
}
