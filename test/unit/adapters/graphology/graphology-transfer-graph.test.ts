import { expect } from "chai";
import { GraphologyTransferGraph } from "../../../../src/adapters/graphology/graphology-transfer-graph.adapter";
import type { GraphBlock } from "../../../../src/adapters/graphology/graph-block";
import type { Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction, TokenTransfer, TxHash } from "../../../../src/domain/chain/chain-types";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
let txCounter = 0;
const hash = () => `0x${(++txCounter).toString(16).padStart(64, "0")}` as TxHash;
const USDC = addr(0xc0);
const POOL = addr(0xc1);

function native(from: Address, to: Address, value: bigint): ChainTransaction {
  return { hash: hash(), blockNumber: 0, timestamp: 0, from, to, value, selector: "0x", success: true };
}

function block(number: number, transactions: ChainTransaction[], transfers: TokenTransfer[] = []): GraphBlock {
  return { number, timestamp: 1_000 + number * 10, transactions, transfers, creations: [] };
}

const graph = (maxNodes?: number) =>
  new GraphologyTransferGraph({
    ...(maxNodes === undefined ? {} : { maxNodes }),
    pricing: { nativeDecimals: 18, nativeUnitUsd: 1, tokens: new Map([[USDC, { decimals: 6, unitUsd: 1 }]]) },
  });

describe("GraphologyTransferGraph", () => {
  it("folds blocks in once, in order, and records first funding (chains of it) as it happens", () => {
    const g = graph();
    g.add(block(1, [native(addr(1), addr(2), 10n)]));
    g.add(block(2, [native(addr(2), addr(3), 5n), native(addr(1), addr(3), 1n)]));
    g.add(block(2, [native(addr(9), addr(8), 5n)])); // a block seen twice is ignored
    expect(g.stats()).to.include({ nodes: 3, edges: 3, asOfBlock: 2 });
    expect(g.fundingChain(addr(3), 3).map((l) => l.funder)).to.deep.equal([addr(2), addr(1)]);
    expect(g.firstFundedBy(addr(1)).map((r) => r.address)).to.deep.equal([addr(2)]);
  });

  it("after a rewind (a reorganisation) takes the new branch's blocks at the removed heights", () => {
    const g = graph();
    g.add(block(1, [native(addr(1), addr(2), 10n)]));
    g.add(block(2, [native(addr(2), addr(3), 5n)]));
    g.rewind(1);
    g.add(block(2, [native(addr(2), addr(4), 5n)]));
    expect(g.stats()).to.include({ asOfBlock: 2 });
    expect(g.firstFundedBy(addr(2)).map((r) => r.address)).to.include(addr(4));
    g.rewind(5); // past its head: nothing to take back
    expect(g.stats()).to.include({ asOfBlock: 2 });
  });

  it("does not take a pool paying out a swap for a funder", () => {
    const g = graph();
    const buy = native(addr(5), addr(0xd0), 1n);
    const payout: TokenTransfer = {
      standard: "ERC20",
      token: addr(0xe0),
      from: POOL,
      to: addr(5),
      value: 100n,
      txHash: buy.hash,
      logIndex: 0,
      blockNumber: 1,
      timestamp: 1_010,
    };
    g.add(block(1, [buy], [payout]));
    expect(g.fundingChain(addr(5), 2)).to.deep.equal([]);
  });

  it("ranks from the seeds: what they pay gains trust, edges out of discounted wallets carry less", () => {
    const g = graph();
    g.add(
      block(1, [
        native(addr(1), addr(2), 10n ** 18n),
        native(addr(1), addr(3), 10n ** 18n),
        native(addr(3), addr(4), 10n ** 18n),
        native(addr(7), addr(8), 1n),
      ]),
    );
    const options = { damping: 0.85, discount: 0.2, maxIterations: 50, tolerance: 1e-12 };
    const ranks = g.personalizedRank([addr(1)], new Set(), options);
    expect(ranks.get(addr(1))).to.be.above(ranks.get(addr(2))!);
    expect(ranks.get(addr(2))).to.be.above(ranks.get(addr(4))!);
    expect(ranks.has(addr(8))).to.equal(false);
    // Discounting addr(3)'s edges sends its share back to the seed rather than on to addr(4).
    const discounted = g.personalizedRank([addr(1)], new Set([addr(3)]), options);
    expect(discounted.get(addr(4))).to.be.below(ranks.get(addr(4))! / 2);
    const total = [...ranks.values()].reduce((a, b) => a + b, 0);
    expect(total).to.be.closeTo(1, 1e-6);
  });

  it("stays within its node bound by dropping the least recently active", () => {
    const g = graph(1_000);
    for (let n = 1; n <= 600; n++) g.add(block(n, [native(addr(10_000 + n), addr(20_000 + n), 1n)]));
    const stats = g.stats();
    expect(stats.nodes).to.be.at.most(1_000);
    expect(stats.evictedNodes).to.be.above(0);
    expect(g.fundingChain(addr(20_600), 1)).to.have.length(1);
    expect(g.fundingChain(addr(20_001), 1)).to.deep.equal([]);
  });
});
