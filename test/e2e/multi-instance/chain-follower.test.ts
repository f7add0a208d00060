import { expect } from "chai";
import { spawnService, type ServiceProcess } from "../../support/service-process";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { REDIS_URL, testKeyPrefix } from "../../support/redis";
import { transferAs } from "../../../scripts/guard/touch-watched-contract";
import { startWebhookReceiver, type WebhookReceiver } from "../../../scripts/guard/webhook-receiver";
import {
  clusterSettings,
  startWorldChain,
  stopCluster,
  type ClusterSettings,
  type WorldChain,
} from "./support/cluster";

const TRANSFER_FUNCTION = "transfer(address to, uint256 amount)";
/** Blocks of watched activity before the leader is killed, and after. */
const BEFORE_KILL = 100;
const AFTER_KILL = 100;
const BECAME = "became the chain follower";
const TOOK_OVER = "took over as the chain follower";

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * "guard watched block" lines per block number and partition (`<block>/<partition>`, GUARD_WORK_PARTITIONS) in one
 * instance's log: a share of a block's guard work it did.
 */
function watchedBlocks(output: string): Map<string, number> {
  const seen = new Map<string, number>();
  for (const line of output.split("\n")) {
    if (!line.includes('"guard watched block"')) continue;
    const { block, partition } = JSON.parse(line) as { block?: number; partition?: number };
    const key = `${block}/${partition ?? 0}`;
    if (block !== undefined) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

/**
 * Issue 34 items 1 and 2: two instances in RPC mode on one database and one Redis. Exactly one follows the
 * chain (it holds the lease and publishes blocks; the other reads them); Protocol Guard alerts for 200
 * blocks of activity reach the receiver once each; kill -9 of the leader mid-run: the other takes over
 * within the lease, no block is skipped, no alert is sent twice or lost. Run with each GUARD_WORK_QUEUE:
 * inline (every instance watches every block from the shared cursor) and pg-boss (each block's guard work
 * is a job done by one instance; the job the killed leader held goes to the other once its heartbeat lapses).
 */
for (const workQueue of ["inline", "pg-boss"] as const)
  describe(`one chain follower per deployment (GUARD_WORK_QUEUE=${workQueue}): lease, published blocks, takeover on kill -9`, function () {
    this.timeout(900_000);
    let world: WorldChain;
    let db: MigratedSchema;
    let settings: ClusterSettings;
    let receiver: WebhookReceiver;
    const instances: ServiceProcess[] = [];
    const redisKeyPrefix = testKeyPrefix("follower");

    before(async () => {
      [world, db, receiver] = await Promise.all([
        startWorldChain(),
        migratedSchema("follower", 4),
        startWebhookReceiver(),
      ]);
      settings = await clusterSettings(world, { databaseUrl: db.url, redisUrl: REDIS_URL, redisKeyPrefix });
      const env = {
        ...settings.env,
        PORT: "0",
        LOG_LEVEL: "info",
        CHAIN_FOLLOWER_LEASE_SECONDS: "3",
        OUTBOUND_ALLOWLIST: "127.0.0.1",
        DELIVERY_RETRY_BASE_MS: "50",
        GUARD_WORK_QUEUE: workQueue,
        GUARD_JOB_HEARTBEAT_SECONDS: "10",
      };
      instances.push(...(await Promise.all([spawnService(env, "instance a"), spawnService(env, "instance b")])));
    });

    after(() => stopCluster({ instances, receiver, world, db, redisKeyPrefix }));

    it("one follows; after kill -9 of it the other takes over; every alert arrives once, no block skipped", async () => {
      await until(() => instances.some((i) => i.output().includes(BECAME)), "a chain follower");
      const leaders = instances.filter((i) => i.output().includes(BECAME) || i.output().includes(TOOK_OVER));
      expect(leaders, "exactly one instance follows the chain").to.have.length(1);
      const leader = leaders[0]!;
      const other = instances.find((i) => i !== leader)!;

      const { manifest } = world;
      const token = manifest.washToken;
      const subscribed = await fetch(other.url + "/api/protocol-guard/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.90" },
        body: JSON.stringify({
          protocolName: "Follower",
          channels: [{ type: "webhook", url: receiver.url }],
          // Calls only, a threshold every wash trade is under: one alert per transaction.
          rules: [{ type: "min_score", value: 100, action: "review" }],
          contracts: [{ address: token, functions: [TRANSFER_FUNCTION] }],
        }),
      });
      expect(subscribed.status).to.equal(201);
      // Both instances watch from the shared cursor: let it pass the subscription before the activity.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const trade = () => transferAs(world.rpcUrl, manifest.washTraders[0]!, token, manifest.washTraders[1]!, 1n);
      const receipts: { hash: string; blockNumber: number }[] = [];
      for (let i = 0; i < BEFORE_KILL; i++) receipts.push(await trade());
      await leader.stop("SIGKILL");
      const killedAt = Date.now();
      const takeover = until(() => other.output().includes(TOOK_OVER), "the takeover", 30_000).then(
        () => Date.now() - killedAt,
      );
      for (let i = 0; i < AFTER_KILL; i++) receipts.push(await trade());
      const takeoverMs = await takeover;
      console.log(`      takeover logged ${takeoverMs} ms after the kill (lease 3 s, renewed every second)`);
      // Within the lease plus one attempt interval; a loaded machine gets the lease twice over.
      expect(takeoverMs).to.be.below(9_000);

      const alertOf = (body: string) =>
        (JSON.parse(body) as { data: { alert: { id: string; txHash: string; blockNumber: number } } }).data.alert;
      const wanted = new Set(receipts.map((r) => r.hash));
      const deliveredFor = () =>
        new Set(receiver.received.map((r) => alertOf(r.body).txHash).filter((h) => wanted.has(h)));
      await until(() => deliveredFor().size === wanted.size, "every alert delivered", 240_000);
      // Anything still in flight lands now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const ours = receiver.received.filter((r) => wanted.has(alertOf(r.body).txHash));
      const byWebhookId = new Map<string, string>();
      for (const r of ours) byWebhookId.set(r.headers["webhook-id"]!, alertOf(r.body).id);
      const alertIds = new Set(byWebhookId.values());
      // One alert per transaction, each under one webhook-id.
      expect(alertIds.size).to.equal(receipts.length);
      expect(byWebhookId.size).to.equal(receipts.length);
      // Sent once each: a send cut by the kill itself could only be resent under the same webhook-id.
      const resent = ours.length - byWebhookId.size;
      console.log(`      ${receipts.length} alerts delivered, ${resent} re-sent under the same webhook-id`);
      expect(resent).to.equal(0);

      // The published stream has every block of the run, the ones around the kill included.
      const first = Math.min(...receipts.map((r) => r.blockNumber));
      const last = Math.max(...receipts.map((r) => r.blockNumber));
      const published = await db.pool.query<{ n: number }>(
        "SELECT count(DISTINCT number)::int AS n FROM chain_blocks WHERE number BETWEEN $1 AND $2",
        [first, last],
      );
      expect(published.rows[0]?.n).to.equal(last - first + 1);
      const lease = await db.pool.query<{ holder: string }>("SELECT holder FROM chain_follower_lease");
      expect(lease.rows).to.have.length(1);
      expect(other.output()).to.not.include(BECAME);
      // Both instances watch every block from the shared cursor (effects deduplicated): say how often they crossed.
      const crossed = instances.map(
        (i) => i.output().split("blocks never reached the Protocol Guard watcher").length - 1,
      );
      console.log(`      watcher cursor crossings reported as gaps (a, b): ${crossed.join(", ")}`);

      // Whose guard work each block of the run was: in queue mode one instance's, except the block the
      // leader may have had in hand at the kill (worked again from its start by the other).
      // Counted per block and partition: with GUARD_WORK_PARTITIONS the instances share a block's partitions.
      const [byA, byB] = instances.map((i) => watchedBlocks(i.output()));
      const blocks = new Set(receipts.map((r) => r.blockNumber));
      const shares = [...new Set([...byA!.keys(), ...byB!.keys()])].filter((k) => blocks.has(Number(k.split("/")[0])));
      const both = shares.filter((k) => byA!.has(k) && byB!.has(k)).length;
      const counts = shares.map((k) => [byA!.get(k) ?? 0, byB!.get(k) ?? 0]);
      const covered = new Set(shares.map((k) => Number(k.split("/")[0])));
      console.log(
        `      ${blocks.size} blocks, ${shares.length} block partitions: watched by a ${counts.filter(([a]) => a! > 0).length}, by b ${counts.filter(([, b]) => b! > 0).length}, by both ${both}`,
      );
      if (workQueue === "pg-boss") {
        expect(covered.size, "every block watched").to.equal(blocks.size);
        expect(
          counts.every(([a, b]) => a! <= 1 && b! <= 1),
          "no instance watched a block twice",
        ).to.equal(true);
        expect(both, "only a block in hand at the kill is watched by both").to.be.at.most(1);
        expect(other.output()).to.include("Protocol Guard works blocks from the shared queue (pg-boss)");
      }
    });
  });
