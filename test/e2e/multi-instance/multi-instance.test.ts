import { expect } from "chai";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { deleteKeys, openRedis, REDIS_URL, testKeyPrefix } from "../../support/redis";
import {
  clusterSettings,
  startInstance,
  startWorldChain,
  type AppInstance,
  type ClusterSettings,
  type WorldChain,
} from "./support/cluster";
import { payOnce, usdcBalance } from "./support/paying";

const PRICE = 1_000n;
const as = (client: string) => ({ "X-Forwarded-For": client });
const statusOrCut = async (response: Response): Promise<number | "cut"> => {
  // A body cut off mid-stream is as lost as no response.
  const complete = await response.text().then(
    () => true,
    () => false,
  );
  return complete ? response.status : "cut";
};
const cut = (): "cut" => "cut";

/**
 * Real processes: the seeded world chain served on its own (`npm run world`), two app processes in
 * RPC mode on it, one PostgreSQL schema, one Redis prefix (issue 18 item 5).
 */
describe("two instances on one chain, one database, one Redis", function () {
  this.timeout(300_000);
  let world: WorldChain;
  let db: MigratedSchema;
  const settledCount = async () =>
    (
      (await db.pool.query("SELECT count(*)::int AS n FROM payment_ledger WHERE status = 'settled'")).rows[0] as {
        n: number;
      }
    ).n;
  let settings: ClusterSettings;
  let a: AppInstance;
  let b: AppInstance;
  const redisKeyPrefix = testKeyPrefix("cluster");

  before(async () => {
    [world, db] = await Promise.all([startWorldChain(), migratedSchema("cluster", 4)]);
    settings = await clusterSettings(world, { databaseUrl: db.url, redisUrl: REDIS_URL, redisKeyPrefix });
    [a, b] = await Promise.all([startInstance(settings, "a"), startInstance(settings, "b")]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await world?.stop();
    await db?.drop();
    const redis = await openRedis();
    await deleteKeys(redis, redisKeyPrefix);
    redis.disconnect();
  });

  const get = (instance: AppInstance, path: string, headers: Record<string, string> = {}) =>
    fetch(instance.url + path, { headers });

  it("both report ready, with the database and Redis checked", async () => {
    for (const instance of [a, b]) {
      // As a balancer would: a reader instance learns the index writer's progress within a poll.
      let body = { status: "", checks: {} as Record<string, unknown> };
      for (let i = 0; i < 50 && body.status !== "ready"; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 200));
        body = (await (await get(instance, "/readyz")).json()) as typeof body;
      }
      expect(body.status, JSON.stringify(body)).to.equal("ready");
      expect(body.checks.database).to.deep.equal({ ok: true });
      expect(body.checks.redis).to.deep.equal({ ok: true });
      // The chain index is in PostgreSQL: one writer, both read it.
      expect(body.checks.index).to.deep.include({ ok: true, mode: "postgres" });
    }
  });

  it("the widget limit (8 a minute) is global: 12 requests alternating over both give 8 answers, then 429", async () => {
    const token = world.manifest.healthyToken;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await get(i % 2 === 0 ? a : b, `/api/widget/score/${token}`, as("198.51.100.10"))).status);
    expect(statuses).to.deep.equal([...Array<number>(8).fill(200), ...Array<number>(4).fill(429)]);
    // One IPv6 /64 is one client, whichever instance and address within it.
    for (let i = 0; i < 8; i++) await get(a, `/api/widget/score/${token}`, as(`2001:db8:7:7::${i + 1}`));
    expect((await get(b, `/api/widget/score/${token}`, as("2001:db8:7:7:ffff::9"))).status).to.equal(429);
  });

  it("a score asked of both at once is computed once (one snapshot), and both answer it", async () => {
    const subject = world.manifest.exitSyncToken;
    const ask = (instance: AppInstance, client: string) =>
      fetch(instance.url + "/api/batch", {
        method: "POST",
        headers: { "content-type": "application/json", ...as(client) },
        body: JSON.stringify({ addresses: [subject] }),
      }).then(async (r) => (await r.json()) as { score: number }[]);
    const [fromA, fromB] = await Promise.all([ask(a, "203.0.113.1"), ask(b, "203.0.113.2")]);
    expect(fromA[0]!.score).to.equal(fromB[0]!.score);
    const rows = await db.pool.query("SELECT count(*)::int AS n FROM snapshots WHERE subject = $1", [
      subject.toLowerCase(),
    ]);
    expect(rows.rows[0]).to.deep.equal({ n: 1 });
  });

  it("50 concurrent uses of one payment spread over both: exactly one 200 and one settlement", async () => {
    const wallet = world.manifest.longLivedWallet;
    const path = `/api/oracle/${wallet}`;
    const headers = await payOnce(a.url, path, world.devWallet(0), world.provider);
    const before = await usdcBalance(world.provider, world.manifest.contracts.usdc, settings.payTo);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        get(i % 2 === 0 ? a : b, path, { ...headers, ...as(`192.0.2.${i}`) }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).to.have.length(1);
    expect(statuses.filter((s) => s >= 500)).to.deep.equal([]);
    const after = await usdcBalance(world.provider, world.manifest.contracts.usdc, settings.payTo);
    expect(after - before).to.equal(PRICE);
    const settled = await db.pool.query("SELECT count(*)::int AS n FROM payment_ledger WHERE status = 'settled'");
    expect(settled.rows[0]).to.deep.equal({ n: 1 });
  });

  it("kill -9 of one instance under load, then restart: no subscription, snapshot, spent payment or index progress lost", async () => {
    const usdc = world.manifest.contracts.usdc;
    const wallet = world.manifest.washTraders[0] ?? world.manifest.longLivedWallet;
    const path = `/api/oracle/${wallet}`;
    // What instance a made durable before it dies.
    const subscribed = (await (
      await fetch(a.url + "/api/protocol-guard/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", ...as("198.51.100.77") },
        body: JSON.stringify({ protocolName: "Kill Test", channels: {}, rules: [{ type: "min_score", value: 30 }] }),
      })
    ).json()) as { id: string; manageToken: string };
    const spent = await payOnce(a.url, path, world.devWallet(0), world.provider);
    const paid = await get(a, path, { ...spent, ...as("198.51.100.78") });
    expect(paid.status).to.equal(200);
    const { snapshotId } = (await paid.json()) as { snapshotId: string };
    const journal = async () =>
      Number(
        (await db.pool.query("SELECT coalesce(max(to_block), 0)::int AS b FROM staking_leaderboard_batches")).rows[0].b,
      );
    const indexedBefore = await journal();
    const cursor = async () =>
      Number((await db.pool.query("SELECT synced_to::int AS b FROM chain_index_cursor")).rows[0].b);
    const chainIndexedBefore = await cursor();
    expect(indexedBefore).to.be.greaterThan(0);
    const balanceBefore = await usdcBalance(world.provider, usdc, settings.payTo);
    const settledBefore = await settledCount();

    // Load on a: scores and paid calls in flight, then kill -9.
    const payments = await Promise.all(
      [1, 2, 3, 4].map(() => payOnce(a.url, path, world.devWallet(0), world.provider)),
    );
    const roles = [
      world.manifest.healthyToken,
      world.manifest.honeypotToken,
      world.manifest.rugToken,
      world.manifest.taxToken,
    ];
    const load = [
      ...roles.map((address, i) =>
        fetch(a.url + "/api/batch", {
          method: "POST",
          headers: { "content-type": "application/json", ...as(`198.51.101.${i}`) },
          body: JSON.stringify({ addresses: [address] }),
        }).then(statusOrCut, cut),
      ),
      ...payments.map((headers, i) => get(a, path, { ...headers, ...as(`198.51.102.${i}`) }).then(statusOrCut, cut)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 60));
    await a.kill9();
    const outcomes = await Promise.all(load);
    // The kill landed under load: some requests never got their answer.
    expect(outcomes).to.include("cut");
    // b keeps serving meanwhile; a payment cut off by the kill is retried there, as a client would.
    let served = 0;
    for (const [i, headers] of payments.entries()) {
      if (outcomes[roles.length + i] === 200) {
        served += 1;
        continue;
      }
      // Reserved by the dead instance (422), or of unknown outcome (502, retrySafe): claimable once its
      // reservation's lease has passed. A client retries a few times; every attempt must be safe.
      let retry = await get(b, path, { ...headers, ...as(`198.51.103.${i}`) });
      for (let attempt = 0; attempt < 3 && [409, 422, 502].includes(retry.status); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 5_500));
        retry = await get(b, path, { ...headers, ...as(`198.51.104.${i}`) });
      }
      if (retry.status === 200) served += 1;
    }
    console.log("      load outcomes at the kill:", outcomes.join(" "), "; paid answers served:", served);
    a = await startInstance(settings, "a again");

    const snapshot = await get(a, `/api/snapshots/${wallet}?id=${snapshotId}`);
    expect(snapshot.status).to.equal(200);
    const replay = await get(a, path, { ...spent, ...as("198.51.100.79") });
    expect(replay.status).to.equal(422);
    const subscription = await get(a, `/api/protocol-guard/subscriptions?id=${subscribed.id}`, {
      Authorization: `Bearer ${subscribed.manageToken}`,
    });
    expect(subscription.status).to.equal(200);
    expect(await journal()).to.be.at.least(indexedBefore);
    expect(await cursor()).to.be.at.least(chainIndexedBefore);
    const board = (await (await get(a, "/api/staking/leaderboard")).json()) as { asOfBlock: number };
    expect(board.asOfBlock).to.be.at.least(indexedBefore);
    // Nothing charged twice or off the books: money moved == price x payments the ledger settled, and every
    // answer served was settled. A settlement whose answer the kill cut in transit stays settled (HTTP cannot
    // tell the server the bytes never arrived): at most one per connection cut, and the payment-identifier
    // extension is how a client gets that answer again.
    const balanceAfter = await usdcBalance(world.provider, usdc, settings.payTo);
    const settledDuring = (await settledCount()) - settledBefore;
    expect(balanceAfter - balanceBefore).to.equal(PRICE * BigInt(settledDuring));
    expect(served).to.be.at.most(settledDuring);
    expect(settledDuring - served).to.be.at.most(outcomes.filter((o) => o === "cut").length);
  });
});
