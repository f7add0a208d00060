import { expect } from "chai";
import {
  inPartition,
  partitionOf,
  partitionsOf,
  partitionSuffix,
  WHOLE_CHAIN,
} from "../../../../src/domain/protocol-guard/guard-partition";

/** Ids shaped like the service's: `sub_` and 22 base64url characters (deterministic here). */
const ids = Array.from(
  { length: 8_000 },
  (_, i) =>
    `sub_${Buffer.from(`subscription-${i * 7919}`)
      .toString("base64url")
      .slice(0, 22)}`,
);

describe("Protocol Guard work partitions", () => {
  it("puts a subscription in the same partition every time, within 0..count-1", () => {
    for (const id of ids.slice(0, 100)) {
      const p = partitionOf(id, 8);
      expect(p).to.be.within(0, 7);
      expect(partitionOf(id, 8)).to.equal(p);
      expect(inPartition(id, { index: p, count: 8 })).to.equal(true);
      expect(inPartition(id, { index: (p + 1) % 8, count: 8 })).to.equal(false);
    }
    // Pinned: a change of hash would move every subscription (and its cursor) in a running deployment. FNV-1a's
    // published vector: "a" -> 0xe40c292c, and 0xe40c292c mod 1000 = 116.
    expect(partitionOf("a", 1_000)).to.equal(0xe40c292c % 1_000);
    expect(["sub_a", "sub_b", "sub_shared"].map((id) => partitionOf(id, 8))).to.deep.equal([5, 4, 3]);
  });

  it("spreads ids evenly: every partition of 8 holds 12.5% +- 2 points of 8,000 ids", () => {
    const counts = Array.from({ length: 8 }, () => 0);
    for (const id of ids) counts[partitionOf(id, 8)]! += 1;
    for (const n of counts) expect(n).to.be.within(840, 1160);
  });

  it("one partition is the whole chain: every subscription in it, and no key suffix (the rows it always had)", () => {
    expect(ids.slice(0, 50).every((id) => inPartition(id, WHOLE_CHAIN))).to.equal(true);
    expect(partitionSuffix(WHOLE_CHAIN)).to.equal("");
    expect(partitionsOf(1)).to.deep.equal([WHOLE_CHAIN]);
  });

  it("lists every partition of a split, each with its own key suffix", () => {
    expect(partitionsOf(3)).to.deep.equal([
      { index: 0, count: 3 },
      { index: 1, count: 3 },
      { index: 2, count: 3 },
    ]);
    expect(partitionsOf(3).map(partitionSuffix)).to.deep.equal(["/p0of3", "/p1of3", "/p2of3"]);
  });
});
