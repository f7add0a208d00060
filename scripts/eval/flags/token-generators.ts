import { parseEther } from "ethers";
import { asAddress } from "../../../src/domain/chain/address";
import type { ContractHandle, WorldWallet } from "../../../src/dev-world/world/chain-writer";
import { type ProxiedToken, deployProxiedToken } from "../../../src/dev-world/world/proxied-token";
import { type TimedAction, play } from "../../../src/dev-world/world/scenarios/scenario-kit";
import type { Scenario } from "../../../src/dev-world/world/timeline";
import { HOUR, UNIT, type World } from "../../../src/dev-world/world/world";
import { type Instance, seededAddress } from "./instance";

type Random = (min: number, max: number) => number;

const WORDS = [
  "Moon",
  "Safe",
  "Doge",
  "Yield",
  "Pepe",
  "Rocket",
  "Gold",
  "Floki",
  "Turbo",
  "Baby",
  "Inu",
  "Elon",
  "Chad",
  "Based",
  "Quantum",
  "Meta",
  "Akita",
  "Apex",
  "Nova",
  "Zen",
];

interface Variant {
  readonly contract: string;
  /** Flags it must raise; `used` adds what its on-chain use must raise. */
  readonly expected: readonly string[];
  readonly benign: boolean;
  readonly args?: (random: Random) => readonly unknown[];
  /** Something the owner does after launch (its capability used, liquidity pulled, ownership renounced). */
  readonly after?: (
    t: Launch,
    random: Random,
  ) => { readonly run: () => Promise<unknown>; readonly adds: readonly string[] }[];
  /** Set after deploying (TrackedToken's tracker). */
  readonly setup?: (t: Launch) => Promise<void>;
  readonly seed?: boolean;
  /** Name and symbol instead of random words. */
  readonly title?: (random: Random) => readonly [string, string];
  /** Deployed behind an OpenZeppelin proxy instead of `contract` (which then only names the logic). */
  readonly proxy?: "transparent" | "beacon";
}

/** USDC spelled with look-alike characters (Cyrillic С, zero for O...), or a fan name that only contains it. */
const USDC_SPELLINGS = ["US\u0044\u0421", "usdc", "U\u0405DC", "USD\u0421", "Usdc"];

interface Launch {
  readonly world: World;
  readonly token: ContractHandle;
  readonly deployer: WorldWallet;
  readonly buyers: readonly WorldWallet[];
  readonly pair: string;
  readonly proxied: ProxiedToken | null;
}

const call = (t: Launch, fn: string, args: readonly unknown[]) => () =>
  t.world.writer.call(t.deployer, t.token, fn, args, { gas: 200_000n });

/** Every token variant of the corpus: harmful ones under unlisted names, and benign look-alikes. */
export const TOKEN_VARIANTS: Readonly<Record<string, Variant>> = {
  plainRenounced: {
    contract: "PlainRenouncedToken",
    expected: [],
    benign: true,
    after: (t) => [{ run: call(t, "renounceOwnership", []), adds: [] }],
  },
  plainOwned: { contract: "PlainRenouncedToken", expected: [], benign: true },
  honestFee: {
    contract: "ConfigurableFeeToken",
    expected: [],
    benign: true,
    args: (r) => [BigInt(r(100, 300))],
    after: (t) => [{ run: call(t, "renounceOwnership", []), adds: [] }],
  },
  honeypot: { contract: "HoneypotToken", expected: ["HONEYPOT_PATTERN"], benign: false },
  dustLock: { contract: "DustLockToken", expected: ["CANNOT_SELL_ALL"], benign: false },
  rebase: {
    contract: "RebaseToken",
    expected: ["OWNER_CAN_MINT"],
    benign: false,
    after: (t, r) =>
      r(0, 1) === 1
        ? [
            {
              run: call(t, "rebase", [t.deployer.address, BigInt(r(1, 50)) * 100_000n * UNIT]),
              adds: ["MINTED_AFTER_LAUNCH"],
            },
          ]
        : [],
  },
  routerStatus: {
    contract: "RouterStatusToken",
    expected: ["OWNER_CAN_BLACKLIST"],
    benign: false,
    after: (t, r) =>
      r(0, 1) === 1
        ? [{ run: call(t, "setRouterStatus", [t.buyers[0]!.address, true]), adds: ["HOLDERS_BLACKLISTED"] }]
        : [],
  },
  reserveSync: {
    contract: "ReserveSyncToken",
    expected: ["HIDDEN_OWNER", "OWNER_CAN_CHANGE_BALANCE"],
    benign: false,
    after: (t) => [{ run: call(t, "renounceOwnership", []), adds: ["OWNERSHIP_TAKE_BACK"] }],
  },
  keeper: {
    contract: "KeeperToken",
    expected: [],
    benign: false,
    after: (t) => [{ run: call(t, "renounceOwnership", []), adds: ["OWNERSHIP_TAKE_BACK"] }],
  },
  cooldown: { contract: "CooldownToken", expected: ["TRADING_COOLDOWN"], benign: false },
  whaleCap: { contract: "WhaleCapToken", expected: ["ANTI_WHALE"], benign: false },
  tracked: {
    contract: "TrackedToken",
    // setTracker() can point every transfer at a contract that reverts: a real power to halt transfers.
    expected: ["EXTERNAL_CALL_IN_TRANSFER", "OWNER_CAN_PAUSE"],
    benign: false,
    setup: async (t) => {
      const tracker = await t.world.writer.deploy(t.deployer, t.world.artifact("HolderTracker"), []);
      await call(t, "setTracker", [tracker.address])();
    },
  },
  retire: { contract: "RetireToken", expected: ["SELF_DESTRUCT"], benign: false },
  maintenance: {
    contract: "MaintenanceToken",
    expected: ["OWNER_CAN_PAUSE"],
    benign: false,
    after: (t, r) =>
      r(0, 1) === 1
        ? [
            { run: call(t, "maintenance", [true]), adds: ["WAS_PAUSED"] },
            { run: call(t, "maintenance", [false]), adds: [] },
          ]
        : [],
  },
  feeRaised: {
    contract: "ConfigurableFeeToken",
    expected: ["OWNER_CAN_SET_FEES", "FEE_RAISED"],
    benign: false,
    args: (r) => [BigInt(r(100, 300))],
    after: (t, r) => [
      { run: call(t, "configure", [BigInt(r(100, 400))]), adds: [] },
      { run: call(t, "configure", [BigInt(r(1_500, 4_000))]), adds: [] },
    ],
  },
  impersonator: {
    contract: "PlainRenouncedToken",
    expected: ["IMPERSONATES_OFFICIAL"],
    benign: false,
    title: (r) => [r(0, 1) === 1 ? "USDC" : "USD Coin", USDC_SPELLINGS[r(0, USDC_SPELLINGS.length - 1)]!],
  },
  nameFan: {
    contract: "PlainRenouncedToken",
    expected: [],
    benign: true,
    title: (r) => [
      `USDC ${WORDS[r(0, WORDS.length - 1)]} Club`,
      `USDC${WORDS[r(0, WORDS.length - 1)]!.slice(0, 2).toUpperCase()}`,
    ],
  },
  upgradedProxy: {
    contract: "ProxiedTokenV1",
    expected: ["UPGRADEABLE_PROXY"],
    benign: false,
    proxy: "transparent",
    after: (t, r) =>
      r(0, 1) === 1 ? [{ run: () => t.proxied!.upgrade(), adds: ["IMPLEMENTATION_CHANGED", "OWNER_CAN_MINT"] }] : [],
  },
  upgradedBeaconProxy: {
    contract: "ProxiedTokenV1",
    expected: ["UPGRADEABLE_PROXY"],
    benign: false,
    proxy: "beacon",
    after: (t, r) =>
      r(0, 1) === 1 ? [{ run: () => t.proxied!.upgrade(), adds: ["IMPLEMENTATION_CHANGED", "OWNER_CAN_MINT"] }] : [],
  },
  airdropSpam: {
    contract: "PlainRenouncedToken",
    expected: ["AIRDROP_SPAM"],
    benign: false,
    after: (t, r) => [
      {
        run: async () => {
          const count = r(32, 60);
          for (let i = 0; i < count; i++)
            await t.world.transfer(t.deployer, t.token.address, seededAddress(r), BigInt(r(1, 100)) * UNIT);
        },
        adds: [],
      },
    ],
  },
  rug: {
    contract: "SeedToken",
    expected: ["RUG_PULL"],
    benign: false,
    seed: true,
    after: (t) => [
      {
        run: async () => {
          await t.world.amm.approve(t.deployer, t.pair);
          await t.world.amm.removeLiquidityEth(
            t.deployer,
            t.token.address,
            await t.world.balanceOf(t.pair, t.deployer.address),
          );
        },
        adds: [],
      },
    ],
  },
};

/**
 * One token instance: random name, supply, liquidity, buyers and timing; the variant's contract and its
 * after-launch use. Records the token (and, for a rug, the deployer as a RUGGED_DEPLOYMENT wallet).
 */
export async function* tokenInstance(
  world: World,
  name: string,
  key: string,
  variant: Variant,
  random: Random,
  record: (instance: Instance) => void,
): Scenario {
  const { amm, writer } = world;
  const supply = BigInt(random(10, 1_000)) * 1_000_000n * UNIT;
  const liquidity = (supply * BigInt(random(60, 90))) / 100n;
  const eth = BigInt(random(5, 40));
  const deployer = await world.wallet(`${name}-deployer`, parseEther("200"));
  const buyers = await world.wallets(`${name}-buyer`, random(3, 7));
  const launchDay = random(3, 30);
  yield world.day(launchDay, random(1, 22) * HOUR + random(0, 3_599));
  const words = `${WORDS[random(0, WORDS.length - 1)]} ${WORDS[random(0, WORDS.length - 1)]}`;
  const [title, symbol] = variant.title?.(random) ?? [
    words,
    words
      .split(" ")
      .map((w) => w.slice(0, 3).toUpperCase())
      .join(""),
  ];
  const args = [title, symbol, supply, ...(variant.args?.(random) ?? [])];
  const proxied =
    variant.proxy === undefined
      ? null
      : await deployProxiedToken(world, deployer, variant.proxy, [title, symbol, supply] as const);
  const token = proxied?.token ?? (await writer.deploy(deployer, world.artifact(variant.contract), args));
  const pair = amm.pairFor(token.address, amm.weth.address);
  if (variant.seed !== true) await writer.call(deployer, token, "setPair", [pair], { gas: 200_000n });
  const launch: Launch = { world, token, deployer, buyers, pair, proxied };
  await variant.setup?.(launch);
  await amm.approve(deployer, token.address);
  await amm.addLiquidityEth(deployer, token.address, liquidity, parseEther(eth.toString()));
  const actions: TimedAction[] = buyers.map((buyer, i) => ({
    at: world.day(launchDay + 1 + i, random(1, 22) * HOUR + random(0, 3_599)),
    // 0.2% to 1% of the pool's ETH: under every max-trade limit of the corpus.
    run: () => amm.buyWithEth(buyer, token.address, (parseEther(eth.toString()) * BigInt(random(2, 10))) / 1_000n),
  }));
  const expected = [...variant.expected];
  (variant.after?.(launch, random) ?? []).forEach((step, i) => {
    actions.push({ at: world.day(launchDay + 9 + i, random(1, 22) * HOUR), run: step.run });
    expected.push(...step.adds);
  });
  record({ kind: "token", variant: key, address: asAddress(token.address), expected, benign: variant.benign });
  if (variant.expected.includes("RUG_PULL"))
    record({
      kind: "wallet",
      variant: "rugDeployer",
      address: asAddress(deployer.address),
      expected: ["RUGGED_DEPLOYMENT"],
      benign: false,
    });
  yield* play(actions);
}
