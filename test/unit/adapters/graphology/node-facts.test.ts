import { expect } from "chai";
import { NodeFacts } from "../../../../src/adapters/graphology/node-facts";
import { addr, hash } from "../../../support/fakes/scoring-fakes";

const trade = (i: number) => ({ token: addr(0x7000 + (i % 3)), txHash: hash(i), block: i });

describe("transfer graph node facts (columns, bounded rings, lazy receipts)", () => {
  it("a ring keeps the latest `bound` items in order, and a node's ring is never another's", () => {
    const facts = new NodeFacts(16);
    for (let node = 0; node < 3; node++) facts.add(node, 0, 1);
    // Interleaved, so the rings' blocks grow past each other in the shared columns.
    for (let i = 1; i <= 20; i++) {
      facts.trades.push(0, trade(i));
      if (i <= 3) facts.trades.push(2, trade(100 + i));
    }
    expect(facts.trades.read(0)).to.deep.equal(Array.from({ length: 16 }, (_, i) => trade(i + 5)));
    expect(facts.trades.read(1)).to.deep.equal([]);
    expect(facts.trades.read(2)).to.deep.equal([trade(101), trade(102), trade(103)]);
    expect(facts.sends.read(0)).to.deep.equal([]);
    const none = new NodeFacts(0);
    none.add(0, 0, 1);
    none.trades.push(0, trade(1));
    expect(none.trades.read(0)).to.deep.equal([]);
  });

  it("hashes read back exactly as stored, 64 hex digits or not", () => {
    const facts = new NodeFacts(4);
    facts.add(0, 0, 1);
    const odd = ["0xABC", "not-a-hash", `0x${"F".repeat(64)}`];
    for (const [i, txHash] of [hash(7), ...odd].entries()) facts.trades.push(0, { token: addr(1), txHash, block: i });
    expect(facts.trades.read(0).map((t) => t.txHash)).to.deep.equal([hash(7), ...odd]);
    facts.setFunding(0, addr(2), "0x12", 5);
    expect(facts.funding(0)).to.deep.equal({ funder: addr(2), txHash: "0x12", at: 5 });
  });

  it("a dropped node's facts go, and a moved node keeps its own", () => {
    const facts = new NodeFacts(16);
    for (let node = 0; node < 2; node++) facts.add(node, node, node);
    facts.trades.push(0, trade(1));
    facts.trades.push(1, trade(2));
    facts.setFunding(1, addr(9), hash(3), 30);
    facts.markSigner(1);
    facts.drop(0);
    facts.move(1, 0);
    facts.truncate(1);
    expect(facts.trades.read(0)).to.deep.equal([trade(2)]);
    expect(facts.funding(0)).to.deep.equal({ funder: addr(9), txHash: hash(3), at: 30 });
    expect([facts.firstSeen(0), facts.lastBlock(0), facts.isContract(0)]).to.deep.equal([1, 1, false]);
  });

  it("receipts are kept only once something was minted to the wallet, for at most 8 assets", () => {
    const facts = new NodeFacts(16);
    facts.add(0, 0, 1);
    expect(facts.received(0)).to.equal(null);
    for (let i = 0; i < 10; i++) facts.addReceived(0, `asset${i}`, 5n);
    facts.addReceived(0, "asset0", 7n);
    expect(facts.received(0)?.size).to.equal(8);
    expect(facts.received(0)?.get("asset0")).to.equal(12n);
  });
});
