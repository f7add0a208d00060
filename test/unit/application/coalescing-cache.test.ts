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
