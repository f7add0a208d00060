import { expect } from "chai";
import type { RateLimiter } from "../../../src/application/ports/rate-limiter.port";

const minute = { limit: 2, windowMs: 60_000 };
const unique = (label: string) => `${label}:${Date.now()}:${Math.random()}`;

/** The RateLimiter port's behaviour, run against every adapter. */
export function rateLimiterContract(name: string, make: () => RateLimiter | Promise<RateLimiter>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it("allows the limit, then refuses with the seconds left in the window", async () => {
      const limiter = await make();
      const key = unique("a");
      expect(await limiter.consume(key, minute)).to.deep.equal({ allowed: true, remaining: 1 });
      expect(await limiter.consume(key, minute)).to.deep.equal({ allowed: true, remaining: 0 });
      const refused = await limiter.consume(key, minute);
      expect(refused.allowed).to.equal(false);
      if (!refused.allowed) expect(refused.retryAfterSeconds).to.be.within(59, 60);
    });

    it("counts each key on its own", async () => {
      const limiter = await make();
      const [a, b] = [unique("a"), unique("b")];
      await limiter.consume(a, minute);
      await limiter.consume(a, minute);
      expect(await limiter.consume(b, minute)).to.deep.equal({ allowed: true, remaining: 1 });
    });

    it("exactly `limit` of 50 concurrent requests are allowed", async () => {
      const limiter = await make();
      const key = unique("burst");
      const policy = { limit: 7, windowMs: 60_000 };
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(key, policy)));
      expect(decisions.filter((d) => d.allowed)).to.have.length(7);
    });

    it("opens a fresh window once the old one has passed", async function () {
      this.timeout(5_000);
      const limiter = await make();
      const key = unique("window");
      const second = { limit: 1, windowMs: 1_000 };
      expect((await limiter.consume(key, second)).allowed).to.equal(true);
      expect((await limiter.consume(key, second)).allowed).to.equal(false);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await limiter.consume(key, second)).to.deep.equal({ allowed: true, remaining: 0 });
    });

    it("two policies with the same key prefix never share a window", async () => {
      const limiter = await make();
      const key = unique("policies");
      await limiter.consume(key, { limit: 1, windowMs: 60_000 });
      expect((await limiter.consume(key, { limit: 3, windowMs: 60_000 })).allowed).to.equal(true);
    });
  });
}
