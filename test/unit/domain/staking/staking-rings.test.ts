import { expect } from "chai";
import { edgeGraph, findRingsThrough, stakeEdges } from "../../../../src/domain/staking/staking-rings";
import { addr, stake, VAULT, WALLET } from "./staking-fixtures";

const A = WALLET;
const B = addr("b");
const C = addr("c");

describe("staking rings", () => {
  it("draws stakeFor edges payer -> staker and vault edges staker -> vault owner, never self-loops", () => {
    const stakeFor = stake({ daysAgo: 9, staker: B, payer: A });
    const own = stake({ daysAgo: 9, staker: A, payer: A });
    const edges = stakeEdges([stakeFor, own], new Map([[VAULT, A]]));
    expect(edges.map((e) => [e.from, e.to, e.via])).to.deep.equal([
      [A, B, "stakeFor"],
      [B, A, "vaultOwner"],
    ]);
  });

  it("finds A -> B -> C -> A through any of its members, with every stake on it", () => {
    const edges = stakeEdges(
      [
        stake({ daysAgo: 9, payer: A, staker: B }),
        stake({ daysAgo: 9, payer: B, staker: C }),
        stake({ daysAgo: 9, payer: C, staker: A }),
        stake({ daysAgo: 9, payer: C, staker: A }),
      ],
      new Map(),
    );
    const [ring, ...more] = findRingsThrough(B, edgeGraph(edges));
    expect(more).to.deep.equal([]);
    expect(ring?.members).to.deep.equal([B, C, A]);
    expect(ring?.edges).to.have.length(4);
  });

  it("finds no ring in a chain or a star, and none through a wallet outside the cycle", () => {
    const chain = stakeEdges(
      [stake({ daysAgo: 9, payer: A, staker: B }), stake({ daysAgo: 9, payer: B, staker: C })],
      new Map(),
    );
    expect(findRingsThrough(A, edgeGraph(chain))).to.deep.equal([]);
    const pair = stakeEdges(
      [stake({ daysAgo: 9, payer: A, staker: B }), stake({ daysAgo: 9, payer: B, staker: A })],
      new Map(),
    );
    expect(findRingsThrough(A, edgeGraph(pair))).to.have.length(1);
    expect(findRingsThrough(C, edgeGraph(pair))).to.deep.equal([]);
  });

  it("ignores cycles longer than five wallets", () => {
    const wallets = [1, 2, 3, 4, 5, 6].map(addr);
    const edges = stakeEdges(
      wallets.map((w, i) => stake({ daysAgo: 9, payer: w, staker: wallets[(i + 1) % wallets.length] })),
      new Map(),
    );
    expect(findRingsThrough(wallets[0] as typeof A, edgeGraph(edges))).to.deep.equal([]);
  });
});
