import { expect } from "chai";
import { ConcurrencyLimiter } from "../../../../src/application/concurrency-limiter";
import { backoffDelayMs, retryWithBackoff } from "../../../../src/adapters/shared/retry-with-backoff";

const POLICY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 4 };

describe("shared: retry with backoff", () => {
  it("retries retryable failures up to the attempt budget", async () => {
    let calls = 0;
    const result = await retryWithBackoff(
      () => (++calls < 3 ? Promise.reject(new Error("flaky")) : Promise.resolve("ok")),
      () => true,
      POLICY,
    );
    expect([result, calls]).to.deep.equal(["ok", 3]);
  });

  it("rethrows the last failure once the budget is spent, and never retries the non-retryable", async () => {
    let calls = 0;
    const failing = () => Promise.reject(new Error(`attempt ${++calls}`));
    const error = await retryWithBackoff(failing, () => true, POLICY).catch((e: unknown) => e);
    expect((error as Error).message).to.equal("attempt 3");
    calls = 0;
    await retryWithBackoff(failing, () => false, POLICY).catch(() => undefined);
    expect(calls).to.equal(1);
  });

  it("grows the delay exponentially within the cap and honours a longer Retry-After", () => {
    const policy = { attempts: 10, baseDelayMs: 100, maxDelayMs: 1_000 };
    for (let i = 0; i < 20; i++) {
      expect(backoffDelayMs(policy, 0, null)).to.be.within(50, 100);
      expect(backoffDelayMs(policy, 6, null)).to.be.within(500, 1_000);
      expect(backoffDelayMs(policy, 0, { retryAfterMs: 700 })).to.equal(700);
      expect(backoffDelayMs(policy, 0, { retryAfterMs: 60_000 })).to.equal(1_000);
    }
  });
});

describe("shared: concurrency limiter", () => {
  it("never runs more than its cap at once and runs everything", async () => {
    const limiter = new ConcurrencyLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        limiter.run(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).to.equal(3);
    expect(results).to.deep.equal(Array.from({ length: 12 }, (_, i) => i));
    expect(limiter.inFlight).to.equal(0);
  });

  it("frees the slot of a failed task", async () => {
    const limiter = new ConcurrencyLimiter(1);
    await limiter.run(() => Promise.reject(new Error("boom"))).catch(() => undefined);
    expect(await limiter.run(() => Promise.resolve("next"))).to.equal("next");
  });
});
