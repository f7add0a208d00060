import { asAddress } from "../../../src/domain/chain/address";
import { type TimedAction, play } from "../../../src/dev-world/world/scenarios/scenario-kit";
import type { Scenario } from "../../../src/dev-world/world/timeline";
import { HOUR, type World } from "../../../src/dev-world/world/world";
import type { Instance } from "./instance";

type Random = (min: number, max: number) => number;

const WORDS = ["Pixel", "Lunar", "Velvet", "Echo", "Drift", "Ember", "Prism", "Static", "Willow", "Cobalt"];
const GAS = { gas: 300_000n } as const;

interface NftVariant {
  /** A contract of contracts/nft/CapabilityCollections.sol. */
  readonly contract: string;
  readonly expected: readonly string[];
  readonly benign: boolean;
  /** The owner renounces after the mints. */
  readonly renounce?: boolean;
}

/** One ERC-721 per capability under an unlisted name, and the renounced plain collection that raises none. */
export const NFT_VARIANTS: Readonly<Record<string, NftVariant>> = {
  nftPlainRenounced: { contract: "PlainCollection", expected: [], benign: true, renounce: true },
  nftPlainOwned: { contract: "PlainCollection", expected: [], benign: true },
  nftReserveDrop: { contract: "ReserveDropCollection", expected: ["NFT_PRIVILEGED_MINT"], benign: false },
  nftTeamAllocation: {
    contract: "TeamAllocationCollection",
    expected: ["NFT_PRIVILEGED_MINT", "NFT_OVERSUPPLY_MINT"],
    benign: false,
  },
  nftRefreshArt: { contract: "RefreshArtCollection", expected: ["NFT_METADATA_MUTABLE"], benign: false },
  nftReclaim: { contract: "ReclaimCollection", expected: ["NFT_PRIVILEGED_BURN"], benign: false },
  nftRescue: { contract: "RescueCollection", expected: ["NFT_OPERATOR_BACKDOOR"], benign: false, renounce: true },
  nftSweep: { contract: "SweepCollection", expected: ["NFT_ANYONE_CAN_TAKE"], benign: false },
};

/** One collection: random name, cap (20-60), minters and timing; the variant's contract. */
export async function* nftInstance(
  world: World,
  name: string,
  key: string,
  variant: NftVariant,
  random: Random,
  record: (instance: Instance) => void,
): Scenario {
  const { writer } = world;
  const deployer = await world.wallet(`${name}-deployer`);
  const minters = await world.wallets(`${name}-minter`, random(3, 6));
  const launchDay = random(3, 30);
  yield world.day(launchDay, random(1, 22) * HOUR + random(0, 3_599));
  const title = `${WORDS[random(0, WORDS.length - 1)]} ${WORDS[random(0, WORDS.length - 1)]}`;
  const symbol = title.replace(/[^A-Z]/g, "");
  const cap = BigInt(random(20, 60));
  const collection = await writer.deploy(deployer, world.artifact(variant.contract), [title, symbol, cap]);
  const actions: TimedAction[] = minters.map((minter, i) => ({
    at: world.day(launchDay + 1 + i, random(1, 22) * HOUR + random(0, 3_599)),
    run: () => writer.call(minter, collection, "mint", [random(1, 3)], GAS),
  }));
  if (variant.renounce === true)
    actions.push({
      at: world.day(launchDay + 8, random(1, 22) * HOUR),
      run: () => writer.call(deployer, collection, "renounceOwnership", [], GAS),
    });
  record({
    kind: "nft",
    variant: key,
    address: asAddress(collection.address),
    expected: variant.expected,
    benign: variant.benign,
  });
  yield* play(actions);
}
