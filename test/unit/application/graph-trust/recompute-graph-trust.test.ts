import { expect } from "chai";
import * as T from "fp-ts/Task";
import { GraphologyTransferGraph } from "../../../../src/adapters/graphology/graphology-transfer-graph.adapter";
import type { GraphBlock } from "../../../../src/adapters/graphology/graph-block";
import { InMemoryGraphTrustStore } from "../../../../src/adapters/storage/in-memory-graph-trust-store.adapter";
import type { GraphTrustSettings } from "../../../../src/application/use-cases/graph-trust/graph-trust-settings";
import { RecomputeGraphTrust } from "../../../../src/application/use-cases/graph-trust/recompute-graph-trust.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction, TokenTransfer } from "../../../../src/domain/chain/chain-types";
import { addr, hash } from "../../../support/fakes/scoring-fakes";
import { infallible } from "../../../../src/application/infallible";

const DAY = 86_400;
const USDC = addr(0x3600);
const OLD = addr(1);
const FLAGGED = addr(2);
const HOLDER = addr(3);
let n = 0;

const native = (from: Address, to: Address): ChainTransaction => ({
  hash: hash(++n),
  blockNumber: 0,
  timestamp: 0,
  from,
  to,
  value: 10n ** 18n,
  selector: "0x",
  success: true,
});
const mint = (to: Address, at: number): TokenTransfer => ({
  standard: "ERC20",
  token: USDC,
  from: addr(0),
  to,
  value: 5_000_000n,
  txHash: hash(++n),
  logIndex: 0,
  blockNumber: 1,
  timestamp: at,
});
const block = (
  number: number,
  at: number,
  transactions: ChainTransaction[],
  transfers: TokenTransfer[] = [],
): GraphBlock => ({
  number,
  timestamp: at,
  transactions,
  transfers,
  creations: [],
});

/** OLD and FLAGGED each paid six people 200 days ago; HOLDER got USDC then; nobody else is old. */
function world(): GraphologyTransferGraph {
  const graph = new GraphologyTransferGraph({
    pricing: { nativeDecimals: 18, nativeUnitUsd: 1, tokens: new Map([[USDC, { decimals: 6, unitUsd: 1 }]]) },
  });
  const peers = (base: number) => Array.from({ length: 6 }, (_, i) => addr(base + i));
  graph.add(
    block(
      1,
      0,
      [...peers(100).map((p) => native(OLD, p)), ...peers(200).map((p) => native(FLAGGED, p))],
      [mint(HOLDER, 0)],
    ),
  );
  graph.add(block(2, 200 * DAY, [native(addr(300), addr(301))]));
  return graph;
}

function recompute(graph: GraphologyTransferGraph, seeds: GraphTrustSettings["seeds"], scored: string[]) {
  const settings: GraphTrustSettings = { officialIssuers: [USDC], moneyTokens: [USDC], seeds };
  const flagCounts = (wallets: readonly Address[]) => {
    scored.push(...wallets);
    return T.of(new Map(wallets.map((w) => [w, w === FLAGGED ? 2 : 0])));
  };
  return new RecomputeGraphTrust(graph, new InMemoryGraphTrustStore(), { flagCounts }, settings, { nowMs: () => 0 });
}

describe("RecomputeGraphTrust", () => {
  it("seeds old, diverse, flag-free wallets by the scorer plus long-time issuer holders, and ranks from them", async () => {
    const scored: string[] = [];
    const snapshot = await infallible(recompute(world(), null, scored).execute());
    expect(scored).to.have.members([OLD, FLAGGED]);
    expect(snapshot.seeds).to.deep.equal([OLD, HOLDER].sort());
    expect(snapshot.asOfBlock).to.equal(2);
    expect(snapshot.trust.get(addr(100))!.graphTrust).to.be.above(0);
    expect(snapshot.trust.has(addr(200))).to.equal(false);
  });

  it("takes configured seeds as given, and skips a recompute when no block arrived", async () => {
    const graph = world();
    const scored: string[] = [];
    const useCase = recompute(graph, [FLAGGED], scored);
    const first = await infallible(useCase.execute());
    expect(first.seeds).to.deep.equal([FLAGGED]);
    expect(scored).to.deep.equal([]);
    expect(first.trust.get(addr(200))!.graphTrust).to.be.above(0);
    expect(await infallible(useCase.execute())).to.equal(first);
    graph.add(block(3, 201 * DAY, [native(FLAGGED, addr(400))]));
    const next = await infallible(useCase.execute());
    expect(next).not.to.equal(first);
    expect(next.asOfBlock).to.equal(3);
  });

  it("scores seed candidates again only after an hour, not at every new block", async () => {
    const graph = world();
    const scored: string[] = [];
    const useCase = recompute(graph, null, scored);
    await infallible(useCase.execute());
    graph.add(block(3, 201 * DAY, [native(addr(300), addr(302))]));
    const next = await infallible(useCase.execute());
    expect(next.asOfBlock).to.equal(3);
    expect(scored).to.have.length(2);
    expect(next.seeds).to.deep.equal([OLD, HOLDER].sort());
  });
});
