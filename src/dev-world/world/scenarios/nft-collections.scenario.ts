import { asAddress } from "../../../domain/chain/address";
import type { Scenario } from "../timeline";
import { DAY, HOUR, type World } from "../world";
import { play, seededRandom, type TimedAction } from "./scenario-kit";

const ORGANIC_MINTERS = 16;
const WASH_BOUNCES = 16;
const MULTI_HOLDERS = 6;

/** An ERC-721 minted by many people over months, with a few resales between holders. */
export async function* nftOrganicScenario(world: World): Scenario {
  const { writer } = world;
  const random = seededRandom("nft-organic");
  const creator = await world.wallet("nft-organic-creator");
  const minters = await world.wallets("nft-organic-minter", ORGANIC_MINTERS);

  yield world.day(18, 16 * HOUR);
  const organic = await writer.deploy(
    creator,
    world.artifact("SeedCollection721"),
    ["Tidepool Sketches", "TIDE"],
    3_000_000n,
  );
  world.share("nftOrganic", organic);
  Object.assign(world.roles, {
    nftOrganic: asAddress(organic.address),
    nftOrganicCreator: asAddress(creator.address),
    nftOrganicHolders: minters.map((m) => asAddress(m.address)),
  });
  const actions: TimedAction[] = minters.map((minter, i) => ({
    at: world.day(19 + 6 * i, random(1, 22) * HOUR),
    run: () => writer.call(minter, organic, "mint", [random(1, 3)]),
  }));
  [2, 5, 9, 11].forEach((seller, k) => {
    const from = minters[seller]!;
    const to = minters[(seller + 3) % ORGANIC_MINTERS]!;
    actions.push({
      at: world.day(120 + 9 * k, 15 * HOUR),
      run: async () =>
        writer.call(from, organic, "transferFrom", [
          from.address,
          to.address,
          await firstTokenOf(world, organic.address, from.address),
        ]),
    });
  });
  yield* play(actions);
}

/** An ERC-721 whose token #1 bounces between the same two wallets every two days. */
export async function* nftWashScenario(world: World): Scenario {
  const { writer } = world;
  const [a, b] = await world.wallets("nft-wash-trader", 2);
  if (a === undefined || b === undefined) throw new Error("two NFT wash traders expected");

  yield world.day(60, 8 * HOUR);
  const wash = await writer.deploy(a, world.artifact("SeedCollection721"), ["Mirror Apes", "MAPE"], 3_000_000n);
  Object.assign(world.roles, {
    nftWash: asAddress(wash.address),
    nftWashTraders: [asAddress(a.address), asAddress(b.address)],
  });
  yield world.day(61, 9 * HOUR);
  await writer.call(a, wash, "mint", [1]);
  for (let i = 0; i < WASH_BOUNCES; i++) {
    yield world.day(62 + 2 * i, 20 * HOUR);
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    await writer.call(from, wash, "transferFrom", [from.address, to.address, 1n]);
  }
}

/** An ERC-1155 with three ids, minted by a handful of holders, some of whom pass one on. */
export async function* nft1155Scenario(world: World): Scenario {
  const { writer } = world;
  const random = seededRandom("nft-1155");
  const creator = await world.wallet("nft-1155-creator");
  const holders = await world.wallets("nft-1155-holder", MULTI_HOLDERS);

  yield world.day(70, 12 * HOUR);
  const multi = await writer.deploy(
    creator,
    world.artifact("SeedCollection1155"),
    ["ipfs://seeded/{id}.json"],
    3_000_000n,
  );
  Object.assign(world.roles, {
    nft1155: asAddress(multi.address),
    nft1155Holders: holders.map((h) => asAddress(h.address)),
  });
  const actions: TimedAction[] = [];
  holders.forEach((holder, i) => {
    const at = world.day(71 + 5 * i, random(1, 22) * HOUR);
    actions.push({ at, run: () => writer.call(holder, multi, "mint", [1 + (i % 3), random(1, 10)]) });
    if (i % 2 === 1) {
      const args = [holder.address, holders[(i + 1) % MULTI_HOLDERS]!.address, 1 + (i % 3), 1, "0x"];
      actions.push({ at: at + 7 * DAY, run: () => writer.call(holder, multi, "safeTransferFrom", args) });
    }
  });
  yield* play(actions);
}

async function firstTokenOf(world: World, collection: string, owner: string): Promise<bigint> {
  const handle = world.writer.handle(collection, world.artifact("SeedCollection721").abi);
  const supply = await world.read(handle, "totalSupply");
  for (let id = 1n; id <= supply; id++) {
    const holder = await world.writer.rpc<string>("eth_call", [
      { to: collection, data: handle.iface.encodeFunctionData("ownerOf", [id]) },
      "latest",
    ]);
    if (`0x${holder.slice(26)}`.toLowerCase() === owner.toLowerCase()) return id;
  }
  throw new Error(`${owner} holds no token of ${collection}`);
}
