import { createHash } from "node:crypto";
import type { SuiFixtureWorld } from "./sui-graphql-fixture";

/**
 * A Sui world for the GraphQL fixture with the same roles as the embedded ledger's seed: a fixed
 * supply coin, a coin whose TreasuryCap an account holds, a regulated coin with deny list and
 * global pause, a freshly published coin, and long-lived, fresh and bot-like wallets.
 */
const DAY = 86_400_000;
const id = (label: string) => `0x${createHash("sha256").update(label).digest("hex")}`;
const iso = (ms: number) => new Date(ms).toISOString();

export const FIXTURE = {
  origin: "https://graphql.testnet.sui.test",
  path: "/graphql",
  packageId: id("pkg-credence"),
  registryId: id("registry"),
  deployer: id("deployer"),
  fixedCoin: `${id("pkg-anchor")}::anchor::ANCHOR`,
  mintableCoin: `${id("pkg-minty")}::minty::MINTY`,
  regulatedCoin: `${id("pkg-rusd")}::rusd::RUSD`,
  freshCoin: `${id("pkg-fresh")}::fresh::FRESH`,
  longWallet: id("wallet-long"),
  freshWallet: id("wallet-fresh"),
  botWallet: id("wallet-bot"),
  /** Latest checkpoint time of the fixture chain. */
  nowMs: Date.parse("2026-11-20T12:00:00.000Z"),
  epoch: 950,
};

const account = (address: string) => ({ __typename: "AddressOwner", address: { address } });

function coin(
  coinType: string,
  fields: Record<string, unknown>,
  publishedDaysAgo: number,
  treasury: boolean,
  metadataCap: boolean,
) {
  return {
    metadata: {
      __package: coinType.split("::")[0],
      address: id(`metadata-${coinType}`),
      decimals: 9,
      supply: "1000000000000000",
      supplyState: null,
      regulatedState: "UNREGULATED",
      allowGlobalPause: null,
      denyCap: null,
      ...fields,
    },
    treasury: treasury ? [{ address: id(`treasury-${coinType}`), owner: account(FIXTURE.deployer) }] : [],
    metadataCap: metadataCap ? [{ address: id(`metacap-${coinType}`) }] : [],
    publishedAt: iso(FIXTURE.nowMs - publishedDaysAgo * DAY),
  };
}

/** A transaction node shaped as our activity document selects it. */
function txNode(label: string, sender: string, atMs: number, peer: string | null, pkg: string | null, created = 0) {
  return {
    digest: createHash("sha256").update(label).digest("base64url").slice(0, 43),
    sender: { address: sender },
    effects: {
      timestamp: iso(atMs),
      objectChanges: { nodes: Array.from({ length: created }, () => ({ idCreated: true })) },
      balanceChanges: { nodes: peer === null ? [] : [{ owner: { address: peer } }, { owner: { address: sender } }] },
    },
    kind: {
      __typename: "ProgrammableTransaction",
      commands: {
        nodes:
          pkg === null
            ? [{ __typename: "TransferObjectsCommand" }]
            : [{ __typename: "MoveCallCommand", function: { module: { package: { address: pkg } } } }],
      },
    },
  };
}

function activity(): Map<string, Record<string, unknown>[]> {
  const long = Array.from({ length: 45 }, (_, i) => {
    const peer = id(`long-peer-${i % 12}`);
    const at = FIXTURE.nowMs - 480 * DAY + i * 10 * DAY + (i % 7) * 3_600_000;
    return i % 3 === 0
      ? txNode(`long-${i}`, peer, at, FIXTURE.longWallet, null)
      : txNode(`long-${i}`, FIXTURE.longWallet, at, peer, id(`dapp-${i % 5}`), i % 6 === 1 ? 1 : 0);
  });
  const fresh = [0, 1, 2].map((i) =>
    txNode(
      `fresh-${i}`,
      i === 0 ? id("funder") : FIXTURE.freshWallet,
      FIXTURE.nowMs - (40 - i * 12) * 3_600_000,
      i === 0 ? FIXTURE.freshWallet : id("funder"),
      null,
    ),
  );
  const bot = Array.from({ length: 30 }, (_, i) =>
    txNode(
      `bot-${i}`,
      FIXTURE.botWallet,
      FIXTURE.nowMs - 20 * 3_600_000 + i * 1_800_000 + (i % 2) * 5_000,
      id("bot-target"),
      id("dapp-0"),
    ),
  );
  return new Map([
    [FIXTURE.longWallet, long],
    [FIXTURE.freshWallet, fresh],
    [FIXTURE.botWallet, bot],
  ]);
}

export function fixtureWorld(oracle: string): SuiFixtureWorld {
  const coins = new Map([
    [
      FIXTURE.fixedCoin,
      coin(
        FIXTURE.fixedCoin,
        {
          name: "Anchor",
          symbol: "ANCHOR",
          description: "fixed",
          iconUrl: "https://x.test/a.png",
          supplyState: "FIXED",
        },
        400,
        false,
        false,
      ),
    ],
    [
      FIXTURE.mintableCoin,
      coin(
        FIXTURE.mintableCoin,
        { name: "Minty", symbol: "MINTY", description: "mintable", iconUrl: "https://x.test/m.png" },
        200,
        true,
        true,
      ),
    ],
    [
      FIXTURE.regulatedCoin,
      coin(
        FIXTURE.regulatedCoin,
        {
          name: "Regulated USD",
          symbol: "RUSD",
          description: "regulated",
          iconUrl: "https://x.test/r.png",
          regulatedState: "REGULATED",
          allowGlobalPause: true,
          denyCap: { address: id("denycap"), owner: account(FIXTURE.deployer) },
        },
        250,
        true,
        true,
      ),
    ],
    [
      FIXTURE.freshCoin,
      coin(FIXTURE.freshCoin, { name: "Fresh", symbol: "FRESH", description: "", iconUrl: null }, 0.1, true, true),
    ],
  ]);
  return {
    origin: FIXTURE.origin,
    path: FIXTURE.path,
    oracle,
    registryId: FIXTURE.registryId,
    packageId: FIXTURE.packageId,
    epoch: FIXTURE.epoch,
    checkpointTime: iso(FIXTURE.nowMs),
    coins,
    activity: activity(),
    records: new Map(),
    executed: new Map(),
    events: [],
    operations: [],
    variables: [],
    gasCoins: ["1000", "2000000000"],
    failWith: null,
  };
}
