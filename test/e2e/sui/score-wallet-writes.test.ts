import { expect } from "chai";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { SuiGraphQLClient } from "@mysten/sui/graphql";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGraphQLChain } from "../../../src/adapters/sui/sui-graphql-chain.adapter";
import { asSuiAddress } from "../../../src/domain/sui/sui-address";
import { startSuiTestServer, type SuiTestServer } from "../../support/sui/sui-harness";
import { deleteKeys, openRedis, testKeyPrefix } from "../../support/redis";
import { serveSuiGraphQL, type SuiFixtureWorld } from "../../support/sui/sui-graphql-fixture";
import { FIXTURE, fixtureWorld } from "../../support/sui/sui-fixture-world";

/** One write's gas budget in MIST (sui-registry-transactions.ts): a budget of exactly one write. */
const ONE_WRITE = "50000000";

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const randomSuiAddress = () => `0x${randomBytes(32).toString("hex")}`;

/**
 * Issue 28 finding 2: the oracle pays for every registry write, so an address without history is
 * answered read-only and writes draw on a daily budget shared by every instance. The Sui endpoint is
 * the GraphQL fixture on nock: `executeTransaction` in its log is a transaction the oracle submitted.
 */
describe("Sui app score-wallet: writes only for wallets with history, within the day's write budget", () => {
  let world: SuiFixtureWorld;
  let stop: () => void;
  const servers: SuiTestServer[] = [];
  const redises: Redis[] = [];
  const keyPrefix = testKeyPrefix("sui:budget");

  function suiChain(key: Ed25519Keypair): SuiGraphQLChain {
    const client = new SuiGraphQLClient({ url: `${FIXTURE.origin}${FIXTURE.path}`, network: "testnet" });
    const target = { packageId: asSuiAddress(FIXTURE.packageId), registryId: asSuiAddress(FIXTURE.registryId) };
    return new SuiGraphQLChain(client, target, key, 2_000);
  }

  async function suiServer(key: Ed25519Keypair, env: Record<string, string>, redis?: Redis): Promise<string> {
    const suiApp = await startSuiTestServer({
      suiChain: suiChain(key),
      env: { SCORE_WALLET_RATE_LIMIT_PER_MINUTE: "1000", ...env },
      ...(redis === undefined ? {} : { redis }),
    });
    servers.push(suiApp);
    return suiApp.server.url;
  }

  const submitted = () => world.operations.filter((op) => op === "executeTransaction").length;

  let key: Ed25519Keypair;
  beforeEach(() => {
    key = new Ed25519Keypair();
    world = fixtureWorld(key.toSuiAddress());
    stop = serveSuiGraphQL(world);
  });
  afterEach(async () => {
    stop();
    for (const suiApp of servers.splice(0)) await suiApp.server.close();
  });
  after(async () => {
    if (redises[0] !== undefined) await deleteKeys(redises[0], keyPrefix);
    for (const redis of redises) redis.disconnect();
  });

  it("answers three never-seen random addresses read-only (written: false, reason no_history) and submits nothing", async () => {
    const base = await suiServer(key, {});
    for (const address of [randomSuiAddress(), randomSuiAddress(), randomSuiAddress()]) {
      const response = await post(`${base}/api/score-wallet`, { address });
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.include({ address, written: false, reason: "no_history", digest: null, capability: null });
    }
    expect(submitted()).to.equal(0);
    expect(world.operations).to.not.include("credenceWritePrep");
    expect(world.records.size).to.equal(0);
  });

  it("still writes a wallet with history", async () => {
    const base = await suiServer(key, {});
    const response = await post(`${base}/api/score-wallet`, { address: FIXTURE.longWallet });
    const body = (await response.json()) as Record<string, unknown>;
    expect([response.status, body.written, body.reason]).to.deep.equal([200, true, null]);
    expect(submitted()).to.equal(1);
    expect(world.records.has(FIXTURE.longWallet)).to.equal(true);
  });

  it("past the day's budget answers 429 write_budget_exhausted (Retry-After: the next UTC day) and submits nothing", async () => {
    const base = await suiServer(key, { SUI_WRITE_BUDGET_MIST_PER_DAY: ONE_WRITE });
    const first = await post(`${base}/api/score-wallet`, { address: FIXTURE.longWallet });
    expect(await first.json()).to.include({ written: true });
    const second = await post(`${base}/api/score-wallet`, { address: FIXTURE.botWallet });
    expect([second.status, await second.json()]).to.deep.equal([429, { error: "write_budget_exhausted" }]);
    const retryAfter = Number(second.headers.get("retry-after"));
    expect(retryAfter).to.be.within(1, 86_400);
    expect(submitted()).to.equal(1);
    expect(world.records.has(FIXTURE.botWallet)).to.equal(false);
  });

  it("a budget below one write's gas budget sends nothing at all", async () => {
    const base = await suiServer(key, { SUI_WRITE_BUDGET_MIST_PER_DAY: String(Number(ONE_WRITE) - 1) });
    const response = await post(`${base}/api/score-wallet`, { address: FIXTURE.longWallet });
    expect([response.status, await response.json()]).to.deep.equal([429, { error: "write_budget_exhausted" }]);
    expect(submitted()).to.equal(0);
  });

  it("two instances on one Redis spend one budget: of two wallets with history sent at once, one is written", async () => {
    const env = {
      SUI_WRITE_BUDGET_MIST_PER_DAY: ONE_WRITE,
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: keyPrefix,
    };
    const [a, b] = [await openRedis(), await openRedis()];
    redises.push(a, b);
    const [baseA, baseB] = [await suiServer(key, env, a), await suiServer(key, env, b)];
    const answers = await Promise.all([
      post(`${baseA}/api/score-wallet`, { address: FIXTURE.longWallet }),
      post(`${baseB}/api/score-wallet`, { address: FIXTURE.botWallet }),
    ]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 429]);
    expect(submitted()).to.equal(1);
    expect(await a.keys(`${keyPrefix}budget:*`)).to.have.length(1);
  });
});
