import { createHash } from "node:crypto";
import { expect } from "chai";
import { spawnService, type ServiceProcess } from "../../support/service-process";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { deleteKeys, openRedis, REDIS_URL, testKeyPrefix } from "../../support/redis";
import { clusterSettings, startWorldChain, type WorldChain } from "./support/cluster";

const PLATFORM_KEY = "graph-once-platform-key";
const BECAME = "became the graph-trust computer";
const TOOK_OVER = "took over as the graph-trust computer";

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

interface Answer {
  readonly status: number;
  readonly body: { asOfBlock?: number; results?: unknown[] };
}

async function graphTrust(instance: ServiceProcess, addresses: readonly string[]): Promise<Answer> {
  const response = await fetch(`${instance.url}/api/graph-trust`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${PLATFORM_KEY}` },
    body: JSON.stringify({ addresses }),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/**
 * Issue 34 item 3, done when: graph trust answers from either instance agree (asOfBlock equal) while only
 * one computed it. Two instances in RPC mode on one database: one holds the graph-trust lease and writes
 * the snapshot; the other never computes and answers from PostgreSQL.
 */
describe("graph trust computed once per deployment: two instances answer alike, one computes", function () {
  this.timeout(600_000);
  let world: WorldChain;
  let db: MigratedSchema;
  const instances: ServiceProcess[] = [];
  const redisKeyPrefix = testKeyPrefix("graphonce");

  before(async () => {
    [world, db] = await Promise.all([startWorldChain(), migratedSchema("graph_once", 4)]);
    const settings = await clusterSettings(world, { databaseUrl: db.url, redisUrl: REDIS_URL, redisKeyPrefix });
    const env = {
      ...settings.env,
      PORT: "0",
      LOG_LEVEL: "info",
      PLATFORM_API_KEYS: createHash("sha256").update(PLATFORM_KEY).digest("hex"),
      GRAPH_TRUST_RATE_LIMIT_PER_MINUTE: "10000",
      GRAPH_TRUST_RECOMPUTE_SECONDS: "5",
    };
    instances.push(...(await Promise.all([spawnService(env, "instance a"), spawnService(env, "instance b")])));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop("SIGTERM")));
    await world?.stop();
    await db?.drop();
    const redis = await openRedis();
    await deleteKeys(redis, redisKeyPrefix);
    redis.disconnect();
  });

  it("one holds the lease and writes the snapshot; both answer the same asOfBlock and results", async () => {
    const computers = instances.filter((i) => i.output().includes(BECAME) || i.output().includes(TOOK_OVER));
    expect(computers, "exactly one instance computes graph trust").to.have.length(1);
    const computer = computers[0]!;
    const reader = instances.find((i) => i !== computer)!;
    const line = computer
      .output()
      .split("\n")
      .find((l) => l.includes(BECAME));
    const holder = (JSON.parse(line!) as { holder: string }).holder;

    const farm = world.manifest.sybilFarm.members.slice(0, 3);
    // The computer's answer before and after the reader's: equal blocks mean no recompute landed in between.
    let agreed: [Answer, Answer] | null = null;
    await until(async () => {
      const before = await graphTrust(computer, farm);
      const fromReader = await graphTrust(reader, farm);
      const after = await graphTrust(computer, farm);
      if (before.status !== 200 || after.body.asOfBlock !== before.body.asOfBlock) return false;
      agreed = [after, fromReader];
      return true;
    }, "two answers of one snapshot");
    const [fromComputer, fromReader] = agreed!;
    expect(fromReader.status).to.equal(200);
    expect(fromReader.body.asOfBlock).to.equal(fromComputer.body.asOfBlock);
    expect(fromReader.body.results).to.deep.equal(fromComputer.body.results);

    const { rows } = await db.pool.query("SELECT as_of_block::int AS block, written_by FROM graph_trust_snapshot");
    expect(rows).to.have.length(1);
    expect(rows[0].written_by).to.equal(holder);
    expect(rows[0].block).to.be.at.least(fromComputer.body.asOfBlock!);
    expect(reader.output()).not.to.include(BECAME);
  });
});
