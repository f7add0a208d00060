import { expect } from "chai";
import { InMemoryRateLimiter } from "../../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";

class ManualClock {
  constructor(public now = 1_000_000) {}
  nowMs() {
    return this.now;
  }
}

const policy = { limit: 2, windowMs: 60_000 };

describe("InMemoryRateLimiter", () => {
  it("allows the limit, then refuses with the seconds left in the window", async () => {
    const clock = new ManualClock();
    const limiter = new InMemoryRateLimiter(clock);
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: true, remaining: 1 });
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: true, remaining: 0 });
    clock.now += 15_500;
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.consume("b", policy)).to.deep.equal({ allowed: true, remaining: 1 });
  });

  it("opens a fresh window once the old one has passed", async () => {
    const clock = new ManualClock();
    const limiter = new InMemoryRateLimiter(clock);
    await limiter.consume("a", policy);
    await limiter.consume("a", policy);
    clock.now += 60_000;
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: true, remaining: 1 });
  });

  it("never holds more than its capacity: the least recently used key goes first (issue 13 item 6)", async () => {
    const clock = new ManualClock();
    const limiter = InMemoryRateLimiter.withCapacity(clock, 3);
    for (const key of ["a", "b", "c"]) await limiter.consume(key, policy);
    await limiter.consume("a", policy); // a is now the most recently used
    await limiter.consume("d", policy); // evicts b, the least recently used
    expect(limiter.size()).to.equal(3);
    await limiter.consume("a", policy);
    expect(await limiter.consume("a", policy)).to.deep.equal({ allowed: false, retryAfterSeconds: 60 });
    expect(await limiter.consume("b", policy)).to.deep.equal({ allowed: true, remaining: 1 });
    limiter.close();
  });

  it("a new key never sweeps the map: expired windows go only when the sweep runs", async () => {
    const clock = new ManualClock();
    const limiter = new InMemoryRateLimiter(clock);
    for (let i = 0; i < 20_000; i++) await limiter.consume(`ip-${i}`, policy);
    clock.now += 60_000;
    await limiter.consume("late-comer", policy);
    expect(limiter.size()).to.equal(20_001);
    limiter.sweep(clock.now);
    expect(limiter.size()).to.equal(1);
    limiter.close();
  });
});
