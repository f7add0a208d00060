import { expect } from "chai";
import { CoalescingCache } from "../../../src/application/caching/coalescing-cache";

const clock = {
  now: 0,
  nowMs() {
    return this.now;
  },
};

describe("CoalescingCache", () => {
  it("runs one computation for concurrent misses of a key", async () => {
    const cache = new CoalescingCache<number>(clock, 1000, 10, () => true);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", compute)));
    expect(results).to.deep.equal(Array(20).fill(42));
    expect(runs).to.equal(1);
  });

  it("forgets the keys it is told are stale, and keeps nothing computed before (a chain reorganisation)", async () => {
    const cache = new CoalescingCache<string>(clock, 1000, 10, () => true);
    expect(await cache.get("0x9 code", async () => "old 9")).to.equal("old 9");
    expect(await cache.get("0x8 code", async () => "8")).to.equal("8");
    let release: () => void = () => undefined;
    const slow = cache.get("0xa code", () => new Promise<string>((resolve) => (release = () => resolve("old a"))));
    cache.forget((key) => parseInt(key.split(" ")[0]!, 16) > 8);
    release();
    expect(await slow).to.equal("old a");
    expect(await cache.get("0x9 code", async () => "new 9")).to.equal("new 9");
    expect(await cache.get("0xa code", async () => "new a")).to.equal("new a");
    expect(await cache.get("0x8 code", async () => "recomputed")).to.equal("8");
  });

  it("serves from cache until the TTL passes, then recomputes", async () => {
    const cache = new CoalescingCache<number>(clock, 1000, 10, () => true);
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get("k", compute)).to.equal(1);
    clock.now += 999;
    expect(await cache.get("k", compute)).to.equal(1);
    clock.now += 1;
    expect(await cache.get("k", compute)).to.equal(2);
  });

  it("never keeps uncacheable results (failures)", async () => {
    const cache = new CoalescingCache<number>(clock, 1000, 10, (v) => v > 0);
    let n = -2;
    const compute = async () => n++;
    expect(await cache.get("k", compute)).to.equal(-2);
    expect(await cache.get("k", compute)).to.equal(-1);
  });

  it("evicts the oldest entry past its size bound", async () => {
    const cache = new CoalescingCache<string>(clock, 1000, 2, () => true);
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    let recomputed = false;
    await cache.get("a", async () => ((recomputed = true), "a"));
    expect(recomputed).to.equal(true);
  });
});
