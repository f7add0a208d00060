/**
 * The chain index at scale: a synthetic chain of 1,000,000 ERC-20 transfers (2,000 blocks of 500,
 * among 50,000 holders of 20 tokens), generated range by range and fed to the PostgreSQL index writer
 * (one transaction per 200-block range, as the follower feeds it) and to the in-memory index, in the
 * same run. Figures: transfers/s and the peak RSS each adds over the process at rest. No JSON-RPC
 * here: this measures the stores, the RPC side is the indexer section's.
 *
 * Needs DATABASE_URL (a fresh schema is made and dropped). Run: npx tsx scripts/bench/index-scale.bench.ts [transfers]
 */
import { pathToFileURL } from "node:url";
import type { Address } from "../../src/domain/chain/address";
import type { TokenTransfer, TxHash } from "../../src/domain/chain/chain-types";
import { HistoryIndex } from "../../src/adapters/explorer/local-index/history-index";
import type { IndexedBlock } from "../../src/adapters/explorer/local-index/indexed-block";
import { PostgresIndexWriter } from "../../src/adapters/explorer/postgres-index/postgres-index-writer";
import { migratedSchema } from "../../test/support/migrated-schema";

const PER_BLOCK = 500;
const RANGE_BLOCKS = 200;
const HOLDERS = 50_000;
const TOKENS = 20;

const hex40 = (n: number) => ("0x" + n.toString(16).padStart(40, "0")) as Address;
const hash = (block: number, i: number) =>
  ("0x" + block.toString(16).padStart(32, "0") + i.toString(16).padStart(32, "0")) as TxHash;

/** Block `n` of the synthetic chain: the same for both stores, made on demand (memory stays bounded). */
function block(n: number): IndexedBlock {
  const timestamp = 1_700_000_000 + n * 2;
  const transfers: TokenTransfer[] = [];
  for (let i = 0; i < PER_BLOCK; i++) {
    const k = n * PER_BLOCK + i;
    transfers.push({
      standard: "ERC20",
      token: hex40(1 + (k % TOKENS)),
      from: hex40(1_000 + ((k * 7919) % HOLDERS)),
      to: hex40(1_000 + ((k * 104_729 + 1) % HOLDERS)),
      value: BigInt(1 + (k % 1_000)),
      txHash: hash(n, i),
      logIndex: i,
      blockNumber: n,
      timestamp,
    });
  }
  // The watcher's raw activity is not indexed: an empty one keeps the block's shape.
  const activity = {
    number: n,
    hash: hash(n, 0),
    parentHash: hash(Math.max(n - 1, 0), 0),
    timestamp,
    transactions: [],
    logs: [],
  };
  return { number: n, timestamp, transactions: [], transfers, creations: [], activity };
}

function sampler() {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return { stop: () => (clearInterval(timer), Math.round((Math.max(peak, process.memoryUsage().rss) - base) / 1e6)) };
}

export interface IndexScaleResult {
  readonly transfers: number;
  readonly postgres: { seconds: number; transfersPerSecond: number; peakRssAddedMb: number };
  readonly memory: { seconds: number; transfersPerSecond: number; peakRssAddedMb: number };
}

export async function runIndexScaleBench(transfers = 1_000_000): Promise<IndexScaleResult> {
  const blocks = Math.ceil(transfers / PER_BLOCK);
  const db = await migratedSchema("bench_index", 4);
  try {
    await db.pool.query("INSERT INTO chain_index_cursor VALUES (1, 1, '0xbench', 0, -1)");
    const writer = new PostgresIndexWriter(db.pool);
    global.gc?.();
    let rss = sampler();
    let started = performance.now();
    for (let from = 0; from < blocks; from += RANGE_BLOCKS) {
      const to = Math.min(blocks, from + RANGE_BLOCKS) - 1;
      const range: IndexedBlock[] = [];
      for (let n = from; n <= to; n++) range.push(block(n));
      await writer.addRange(range, from, to);
    }
    const pgSeconds = (performance.now() - started) / 1000;
    const pgRss = rss.stop();
    const holders = await db.pool.query("SELECT count(*)::int AS n FROM chain_index_balances");
    if (holders.rows[0].n === 0) throw new Error("no balances written");

    global.gc?.();
    rss = sampler();
    started = performance.now();
    const memory = new HistoryIndex();
    for (let n = 0; n < blocks; n++) memory.add(block(n));
    const memSeconds = (performance.now() - started) / 1000;
    const memRss = rss.stop();
    if (memory.transfersIndexed !== blocks * PER_BLOCK) throw new Error("memory index lost transfers");
    const total = blocks * PER_BLOCK;
    const per = (s: number) => Math.round(total / s);
    return {
      transfers: total,
      postgres: { seconds: round(pgSeconds), transfersPerSecond: per(pgSeconds), peakRssAddedMb: pgRss },
      memory: { seconds: round(memSeconds), transfersPerSecond: per(memSeconds), peakRssAddedMb: memRss },
    };
  } finally {
    await db.drop();
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(JSON.stringify(await runIndexScaleBench(Number(process.argv[2] ?? 1_000_000))));
}
