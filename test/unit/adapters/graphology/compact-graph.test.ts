import { expect } from "chai";
import { CompactGraph } from "../../../../src/adapters/graphology/compact-graph";

const outOf = (g: CompactGraph, node: number) => {
  const out: string[] = [];
  g.forEachOutEdge(node, (_e, t) => out.push(g.key(t)));
  return out;
};
const inOf = (g: CompactGraph, node: number) => {
  const out: string[] = [];
  g.forEachInEdge(node, (_e, s) => out.push(g.key(s)));
  return out;
};

describe("CompactGraph (the transfer graph's columns)", () => {
  it("finds every (source, target) edge as the table grows, and nothing else", () => {
    const g = new CompactGraph();
    for (let i = 0; i < 300; i++) g.addNode(`n${i}`);
    const made = new Map<string, number>();
    for (let s = 0; s < 300; s += 7)
      for (let t = 1; t < 300; t += 11) if (s !== t) made.set(`${s}>${t}`, g.addEdge(s, t, s, false));
    expect(g.size).to.equal(made.size);
    for (let s = 0; s < 300; s++)
      for (let t = 0; t < 300; t++) expect(g.edge(s, t)).to.equal(made.get(`${s}>${t}`) ?? -1, `${s}>${t}`);
    const e = g.edge(7, 12);
    g.addTransfer(e, 2.5);
    expect([g.count(e), g.usd(e), g.degree(7)]).to.deep.equal([2, 9.5, 28]);
  });

  it("drops nodes with their edges, keeping the rest in insertion order, lists and lookups included", () => {
    const g = new CompactGraph();
    for (const k of ["a", "b", "c", "d", "e"]) g.addNode(k);
    const pairs: [number, number][] = [
      [0, 1],
      [2, 1],
      [3, 1],
      [1, 4],
      [4, 3],
      [3, 0],
      [2, 4],
    ];
    for (const [s, t] of pairs) g.addEdge(s, t, 0, s === 2);
    const moved: [number, number][] = [];
    g.dropNodes(Uint8Array.from([1, 0, 0, 1, 0]), (from, to) => moved.push([from, to]));
    expect(moved).to.deep.equal([
      [1, 0],
      [2, 1],
      [4, 2],
    ]);
    expect([g.order, g.size, g.id("a"), g.id("d"), g.id("e")]).to.deep.equal([3, 3, undefined, undefined, 2]);
    const edges = Array.from({ length: g.size }, (_, e) => `${g.key(g.source(e))}>${g.key(g.target(e))}`);
    expect(edges).to.deep.equal(["c>b", "b>e", "c>e"]);
    expect(outOf(g, g.id("c")!)).to.deep.equal(["b", "e"]);
    expect(inOf(g, g.id("e")!)).to.deep.equal(["b", "c"]);
    expect(g.firstFunding(g.edge(g.id("c")!, g.id("e")!))).to.equal(true);
    expect(g.edge(g.id("b")!, g.id("c")!)).to.equal(-1);
    expect(g.addNode("a")).to.deep.equal({ node: 3, added: true });
  });
});
