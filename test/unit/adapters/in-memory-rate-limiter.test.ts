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

  it("evicts idle windows so many distinct IPs do not grow memory without bound", async () => {
    const clock = new ManualClock();
    const limiter = new InMemoryRateLimiter(clock);
    for (let i = 0; i < 10_000; i++) await limiter.consume(`ip-${i}`, policy);
    expect(limiter.size()).to.equal(10_000);
    clock.now += 60_000;
    await limiter.consume("late-comer", policy);
    expect(limiter.size()).to.equal(1);
  });
});
