import { expect } from "chai";
import { addReceived, newNode, pushBounded } from "../../../../src/adapters/graphology/node-facts";
import type { WalletTrade } from "../../../../src/domain/graph-trust/community-facts";
import { addr, hash } from "../../../support/fakes/scoring-fakes";

const trade = (i: number): WalletTrade => ({ token: addr(0x7000), txHash: hash(i), block: i });

describe("transfer graph node facts (bounded rings, lazy receipts)", () => {
  it("a ring keeps the latest `bound` items in order, and a node's ring is never another's", () => {
    const a = newNode(0, 1);
    const b = newNode(0, 1);
    let ring = a.trades;
    for (let i = 1; i <= 20; i++) ring = pushBounded(ring, trade(i), 16);
    expect(ring.map((t) => t.block)).to.deep.equal(Array.from({ length: 16 }, (_, i) => i + 5));
    expect(pushBounded(b.trades, trade(99), 16)).to.deep.equal([trade(99)]);
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
