import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as T from "fp-ts/Task";
import { GraphologyTransferGraph } from "../../../../src/adapters/graphology/graphology-transfer-graph.adapter";
import type { GraphBlock } from "../../../../src/adapters/graphology/graph-block";
import { PostgresGraphTrustStore } from "../../../../src/adapters/storage/postgres-graph-trust-store.adapter";
import { PostgresLease } from "../../../../src/adapters/shared/postgres-lease";
import { GraphTrustWorker } from "../../../../src/adapters/workers/graph-trust.worker";
import { QueryGraphTrust } from "../../../../src/application/use-cases/graph-trust/query-graph-trust.use-case";
import { ReadGraphTrust } from "../../../../src/application/use-cases/graph-trust/read-graph-trust.use-case";
import { RecomputeGraphTrust } from "../../../../src/application/use-cases/graph-trust/recompute-graph-trust.use-case";
import type { Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction } from "../../../../src/domain/chain/chain-types";
import { migratedSchema, type MigratedSchema } from "../../../support/migrated-schema";
import { addr, hash } from "../../../support/fakes/scoring-fakes";

const CHAIN = 5042002;
const SEED = addr(1);
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let n = 0;
const pay = (from: Address, to: Address): ChainTransaction => ({
  hash: hash(++n),
  blockNumber: 0,
  timestamp: 0,
  from,
  to,
  value: 10n ** 18n,
  selector: "0x",
  success: true,
});
/** Block `number`: the seed pays six wallets, each of which pays one more (every instance sees the same chain). */
const block = (number: number): GraphBlock => ({
  number,
  timestamp: number * 12,
  transactions: Array.from({ length: 6 }, (_, i) => [
    pay(SEED, addr(number * 100 + i)),
    pay(addr(number * 100 + i), addr(number * 100 + 50 + i)),
  ]).flat(),
  transfers: [],
  creations: [],
});

/** One service instance's graph-trust parts, wired as the composition root wires them in RPC mode with DATABASE_URL. */
function instance(db: MigratedSchema, holder: string) {
  const graph = new GraphologyTransferGraph({ pricing: { nativeDecimals: 18, nativeUnitUsd: 1, tokens: new Map() } });
  const store = new PostgresGraphTrustStore({
    pool: db.pool,
    chainId: CHAIN,
    writer: holder,
    onReadError: (error) => {
      throw error;
    },
  });
  const clock = { nowMs: () => Date.now() };
  const settings = { officialIssuers: [], moneyTokens: [], seeds: [SEED] };
  const noFlags = { flagCounts: () => T.of(new Map<Address, number>()) };
  const recompute = new RecomputeGraphTrust(graph, store, noFlags, settings, clock);
  const counted = { computes: 0 };
  const countedRecompute = {
    execute: () => {
      counted.computes++;
      return recompute.execute();
    },
  };
  const read = new ReadGraphTrust(store);
  const lease = new PostgresLease({
    pool: db.pool,
    table: "graph_trust_lease",
    chainId: CHAIN,
    holder,
    leaseSeconds: 3,
    onChange: () => undefined,
    onError: (error) => {
      throw error;
    },
  });
  const worker = new GraphTrustWorker(countedRecompute, read, silent, 50, lease);
  const query = new QueryGraphTrust(read, graph, clock);
  const answer = async () => {
    const got = await query.execute({ addresses: [addr(100), addr(150)], seeds: null })();
    if (E.isLeft(got)) throw new Error(`graph trust not ready on ${holder}`);
    return got.right;
  };
  return { graph, worker, lease, counted, answer };
}

async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("graph trust computed once per deployment (two instances, one PostgreSQL schema)", function () {
  this.timeout(60_000);
  let db: MigratedSchema;
  before(async () => {
    db = await migratedSchema("graph_trust_once", 6);
  });
  after(async () => db?.drop());

  it("the lease holder computes, the other only reads; both answer the same asOfBlock, and a successor takes over", async () => {
    const a = instance(db, "a");
    const b = instance(db, "b");
    for (const i of [a, b]) i.graph.add(block(1));
    await a.worker.start();
    await b.worker.start();
    expect([a.lease.held, b.lease.held]).to.deep.equal([true, false]);
    const [fromA, fromB] = [await a.answer(), await b.answer()];
    expect(fromA.asOfBlock).to.equal(1);
    expect(fromB).to.deep.equal(fromA);
    expect(fromA.results[0]!.graphTrust).to.be.above(0);

    // A new block on both: the holder recomputes at its next tick, the other answers it without computing.
    for (const i of [a, b]) i.graph.add(block(2));
    await until(async () => (await b.answer()).asOfBlock === 2);
    expect((await a.answer()).asOfBlock).to.equal(2);
    expect(b.counted.computes).to.equal(0);
    expect(a.counted.computes).to.be.at.least(2);

    // The holder stops (hands the lease back): the other takes over and computes the next block itself.
    await a.worker.stop();
    b.graph.add(block(3));
    await until(async () => b.lease.held && (await b.answer()).asOfBlock === 3);
    expect(b.counted.computes).to.be.above(0);
    await b.worker.stop();
    const { rows } = await db.pool.query("SELECT as_of_block::int AS block, written_by FROM graph_trust_snapshot");
    expect(rows).to.deep.equal([{ block: 3, written_by: "b" }]);
  });
});
