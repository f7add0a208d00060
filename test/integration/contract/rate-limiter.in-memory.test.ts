import { expect } from "chai";
import { InMemoryRateLimiter } from "../../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";
import { rateLimiterContract } from "./rate-limiter.contract";

rateLimiterContract("in memory", () => new InMemoryRateLimiter());

describe("InMemoryRateLimiter", () => {
  const policy = { limit: 2, windowMs: 60_000 };

  it("never holds more than its capacity: the least recently used key goes first (issue 13 item 6)", async () => {
    const limiter = InMemoryRateLimiter.withCapacity(3);
    for (const key of ["a", "b", "c"]) await limiter.consume(key, policy);
    await limiter.consume("a", policy); // a is now the most recently used
    await limiter.consume("d", policy); // evicts b, the least recently used
    expect(limiter.size()).to.equal(3);
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.consume("b", policy)).to.deep.equal({ allowed: true, remaining: 1 });
  });

  it("20,000 distinct clients stay within the bound and each costs O(1)", async () => {
    const limiter = InMemoryRateLimiter.withCapacity(5_000);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) await limiter.consume(`ip-${i}`, policy);
    expect(limiter.size()).to.equal(5_000);
    expect(performance.now() - started).to.be.below(2_000);
  });
});
