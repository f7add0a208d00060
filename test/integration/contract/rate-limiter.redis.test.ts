import { expect } from "chai";
import { RedisRateLimiter } from "../../../src/adapters/rate-limit/redis-rate-limiter.adapter";
import { redisConnections, testKeyPrefix, unreachableRedis } from "../../support/redis";
import { rateLimiterContract } from "./rate-limiter.contract";

const keyPrefix = testKeyPrefix("rl");
const connection = redisConnections(keyPrefix);

rateLimiterContract("redis", async () => new RedisRateLimiter({ redis: await connection(), keyPrefix }));

describe("RedisRateLimiter", () => {
  const policy = { limit: 5, windowMs: 60_000 };

  it("two instances (two connections) spend one budget: 5 of 40 concurrent requests pass in all", async () => {
    const [a, b] = [
      new RedisRateLimiter({ redis: await connection(), keyPrefix }),
      new RedisRateLimiter({ redis: await connection(), keyPrefix }),
    ];
    const key = `widget:203.0.113.7:${Date.now()}`;
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).consume(key, policy)),
    );
    expect(decisions.filter((d) => d.allowed)).to.have.length(5);
  });

  it("keys live under REDIS_KEY_PREFIX and expire with the window", async () => {
    const redis = await connection();
    const key = `widget:198.51.100.1:${Date.now()}`;
    await new RedisRateLimiter({ redis, keyPrefix }).consume(key, policy);
    const stored = await redis.keys(`${keyPrefix}*${key}`);
    expect(stored).to.have.length(1);
    expect(await redis.pttl(stored[0]!)).to.be.within(1, 60_000);
  });

  it("Redis unreachable: limits still hold, per instance, and the caller is told it degraded", async () => {
    let degraded = 0;
    const limiter = new RedisRateLimiter({ redis: unreachableRedis(), keyPrefix, onDegraded: () => (degraded += 1) });
    const key = `widget:192.0.2.1:${Date.now()}`;
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await limiter.consume(key, policy));
    expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, true, true, true, false, false]);
    expect(degraded).to.equal(7);
  });
});
