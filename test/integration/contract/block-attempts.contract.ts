import { expect } from "chai";
import type { BlockAttempts } from "../../../src/application/ports/block-attempts.port";
import { right } from "./support/task-either";

/**
 * One suite for every BlockAttempts adapter. `pair()` gives two handles on one shared count (two
 * instances, or one before and after a restart; in memory, the one store twice).
 */
export function blockAttemptsContract(name: string, pair: () => readonly [BlockAttempts, BlockAttempts]): void {
  const b10 = { number: 10, hash: "0xh10" };

  describe(`BlockAttempts contract (${name})`, () => {
    it("counts a block's failures, one per call that saw the current count", async () => {
      const [store] = pair();
      expect(await right(store.recordFailure(b10, 0, "r1"))).to.equal(1);
      expect(await right(store.recordFailure(b10, 1, "r2"))).to.equal(2);
      expect(await right(store.recordFailure(b10, 2, "r3"))).to.equal(3);
    });

    it("a caller behind the count does not move it: it adopts the current count", async () => {
      const [a, b] = pair();
      await right(a.recordFailure(b10, 0, "r"));
      await right(a.recordFailure(b10, 1, "r"));
      expect(await right(b.recordFailure(b10, 0, "r"))).to.equal(2);
      expect(await right(b.recordFailure(b10, 2, "r"))).to.equal(3);
    });

    it("of N concurrent failures of one round, exactly one is counted", async () => {
      const [a, b] = pair();
      await right(a.recordFailure(b10, 0, "r"));
      const counts = await Promise.all(
        Array.from({ length: 8 }, (_, i) => right((i % 2 === 0 ? a : b).recordFailure(b10, 1, `r${i}`))),
      );
      expect(counts).to.deep.equal(Array.from({ length: 8 }, () => 2));
      expect(await right(a.recordFailure(b10, 2, "r"))).to.equal(3);
    });

    it("the count survives the handle (a restart): another handle continues it", async () => {
      const [before, after] = pair();
      await right(before.recordFailure(b10, 0, "r"));
      await right(before.recordFailure(b10, 1, "r"));
      expect(await right(after.recordFailure(b10, 2, "r"))).to.equal(3);
    });

    it("a block's other hash (a reorganisation) is counted apart", async () => {
      const [store] = pair();
      await right(store.recordFailure(b10, 0, "r"));
      expect(await right(store.recordFailure({ number: 10, hash: "0xother" }, 0, "r"))).to.equal(1);
      expect(await right(store.recordFailure(b10, 1, "r"))).to.equal(2);
    });

    it("clear forgets blocks up to a number; a later block's failure drops earlier counts", async () => {
      const [store] = pair();
      await right(store.recordFailure(b10, 0, "r"));
      await right(store.recordFailure({ number: 11, hash: "0xh11" }, 0, "r"));
      await right(store.clear(10));
      expect(await right(store.recordFailure(b10, 1, "r"))).to.equal(0);
      expect(await right(store.recordFailure({ number: 11, hash: "0xh11" }, 1, "r"))).to.equal(2);
      await right(store.recordFailure({ number: 12, hash: "0xh12" }, 0, "r"));
      expect(await right(store.recordFailure({ number: 11, hash: "0xh11" }, 2, "r"))).to.equal(0);
    });
  });
}
