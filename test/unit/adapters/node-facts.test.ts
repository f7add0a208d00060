import { expect } from "chai";
import { addReceived, newNode, pushBounded } from "../../../src/adapters/graph/node-facts";

describe("transfer graph node facts (bounded rings, lazy receipts)", () => {
  it("a ring keeps the latest `bound` items in order, and a node's ring is never another's", () => {
    const a = newNode(0, 1);
    const b = newNode(0, 1);
    let ring = a.trades as readonly number[];
    for (let i = 1; i <= 20; i++) ring = pushBounded(ring, i, 16);
    expect(ring).to.deep.equal(Array.from({ length: 16 }, (_, i) => i + 5));
    expect(pushBounded(b.trades as readonly number[], 99, 16)).to.deep.equal([99]);
    expect([a.trades, b.trades, a.sends]).to.deep.equal([[], [], []]);
    expect(pushBounded([1, 2], 3, 0)).to.deep.equal([]);
  });

  it("receipts are kept only once something was minted to the wallet, for at most 8 assets", () => {
    const facts = newNode(0, 1);
    expect(facts.received).to.equal(null);
    for (let i = 0; i < 10; i++) addReceived(facts, `asset${i}`, 5n);
    addReceived(facts, "asset0", 7n);
    expect(facts.received?.size).to.equal(8);
    expect(facts.received?.get("asset0")).to.equal(12n);
  });
});
