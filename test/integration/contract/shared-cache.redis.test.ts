import { expect } from "chai";
import { RedisSharedCache } from "../../../src/adapters/cache/redis-shared-cache.adapter";
import { SharedSingleFlight } from "../../../src/application/caching/shared-single-flight";
import type { SharedCache } from "../../../src/application/ports/shared-cache.port";
import { SystemClock } from "../../../src/adapters/clock/system-clock.adapter";
import { redisConnections, testKeyPrefix, unreachableRedis } from "../../support/redis";

const keyPrefix = testKeyPrefix("cache");
const connection = redisConnections(keyPrefix);
async function instance(): Promise<SharedCache> {
  return new RedisSharedCache({ redis: await connection(), keyPrefix });
}
const unique = (label: string) => `${label}:${Date.now()}:${Math.random()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SharedCache: Redis", () => {
  it("a value set by one instance is read by another until its TTL passes", async () => {
    const [a, b] = [await instance(), await instance()];
    const key = unique("v");
    expect(await b.get(key)).to.equal(null);
    await a.set(key, "answer", 300);
    expect(await b.get(key)).to.equal("answer");
    await sleep(350);
    expect(await b.get(key)).to.equal(null);
  });

  it("exactly one of 20 concurrent lockers acquires; unlock frees it", async () => {
    const caches = await Promise.all(Array.from({ length: 4 }, () => instance()));
    const key = unique("lock");
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => caches[i % 4]!.tryLock(key, 5_000)));
    expect(outcomes.filter((o) => o === "acquired")).to.have.length(1);
    expect(outcomes.filter((o) => o === "held")).to.have.length(19);
    const holder = caches[outcomes.indexOf("acquired") % 4]!;
    await holder.unlock(key);
    expect(await caches[0]!.tryLock(key, 5_000)).to.equal("acquired");
  });

  it("a crashed holder's lock expires; a late unlock never frees the next holder's lock", async () => {
    const [a, b] = [await instance(), await instance()];
    const key = unique("expiry");
    expect(await a.tryLock(key, 200)).to.equal("acquired");
    expect(await b.tryLock(key, 5_000)).to.equal("held");
    await sleep(250);
    expect(await b.tryLock(key, 5_000)).to.equal("acquired");
    await a.unlock(key); // a's lock expired: this must not free b's
    expect(await a.tryLock(key, 5_000)).to.equal("held");
  });

  it("Redis unreachable: every read misses and no lock is granted, without rejecting", async () => {
    const down = new RedisSharedCache({ redis: unreachableRedis(), keyPrefix });
    await down.set("k", "v", 1_000);
    expect(await down.get("k")).to.equal(null);
    expect(await down.tryLock("k", 1_000)).to.equal("unavailable");
  });
});

describe("SharedSingleFlight on Redis: one computation across instances", () => {
  const flight = (cache: SharedCache, lockTtlMs = 5_000) =>
    new SharedSingleFlight<string>({
      cache,
      clock: new SystemClock(),
      ttlMs: 10_000,
      lockTtlMs,
      pollMs: 20,
      encode: (v) => v,
      decode: (text) => text,
      isCacheable: (v) => !v.startsWith("failed"),
    });

  it("a second instance waits for the first's computation instead of repeating it", async () => {
    const [a, b] = [flight(await instance()), flight(await instance())];
    const key = unique("score");
    let computed = 0;
    const slow = async () => {
      computed += 1;
      await sleep(200);
      return "score-42";
    };
    const answers = await Promise.all([a.run(key, slow), sleep(30).then(() => b.run(key, slow))]);
    expect(answers).to.deep.equal(["score-42", "score-42"]);
    expect(computed).to.equal(1);
    expect(await b.run(key, slow)).to.equal("score-42");
    expect(computed).to.equal(1);
  });

  it("a failed computation is not shared: the waiting instance computes for itself", async () => {
    const [a, b] = [flight(await instance()), flight(await instance())];
    const key = unique("fail");
    const failing = async () => {
      await sleep(100);
      return "failed: upstream";
    };
    const answers = await Promise.all([a.run(key, failing), sleep(20).then(() => b.run(key, async () => "score-7"))]);
    expect(answers).to.deep.equal(["failed: upstream", "score-7"]);
  });

  it("a crashed holder (lock never released) delays a waiter only until the lock expires", async () => {
    const crashed = await instance();
    const key = unique("crash");
    expect(await crashed.tryLock(key, 300)).to.equal("acquired");
    const started = Date.now();
    expect(await flight(await instance(), 300).run(key, async () => "score-9")).to.equal("score-9");
    expect(Date.now() - started).to.be.within(200, 2_000);
  });

  it("Redis unreachable: each call computes locally and answers", async () => {
    const down = flight(new RedisSharedCache({ redis: unreachableRedis(), keyPrefix }));
    expect(await down.run(unique("down"), async () => "score-1")).to.equal("score-1");
  });
});
