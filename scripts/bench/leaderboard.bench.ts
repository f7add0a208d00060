import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { Address } from "../../src/domain/chain/address";
import type { TxHash } from "../../src/domain/chain/chain-types";
import type { LeaderboardBatch } from "../../src/domain/staking/leaderboard-batch";
import type { PricedStakeActivity } from "../../src/domain/staking/stake-activity";
import { StakingLeaderboard } from "../../src/domain/staking/staking-leaderboard";

/**
 * Leaderboard maintenance for many synthetic stakers: the cost of ingesting one new block of
 * staking events, and of reading the top 100 right after and again (cached). Blocks are 12 s
 * apart, so 100 blocks cross at most one hourly ranking step; the full re-rank that such a
 * step costs is measured on its own at the end (day-long jumps).
 */
export interface LeaderboardBenchFigures {
  readonly stakers: number;
  readonly eventsPerBlock: number;
  readonly blocks: number;
  readonly initialLoadMs: number;
  readonly msPerUpdate: number;
  readonly msPerReadAfterBlock: number;
  readonly msPerCachedRead: number;
  /** A read after chain time crossed a ranking step: every wallet re-evaluated and re-sorted. */
  readonly msFullRerank: number;
}

const DAY = 86_400;
const BLOCK_SECONDS = 12;
const CONTRACTS = Array.from({ length: 5 }, (_, i) => `0x${"c".repeat(39)}${i}` as Address);
const wallet = (i: number): Address => `0x${i.toString(16).padStart(40, "0")}` as Address;
const hash = (i: number): TxHash => `0x${i.toString(16).padStart(64, "0")}` as TxHash;

/** Deterministic pseudo-random numbers, so every run measures the same workload. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function activity(
  n: number,
  who: Address,
  kind: "stake" | "unstake",
  at: number,
  block: number,
  random: () => number,
): PricedStakeActivity {
  const contract = CONTRACTS[Math.floor(random() * CONTRACTS.length)] as Address;
  return {
    kind,
    staker: who,
    payer: who,
    contract,
    asset: "native",
    amount: kind === "stake" ? 10n ** 18n : 0n,
    usd: kind === "stake" ? 10 + random() * 50_000 : null,
    lockUntil: kind === "stake" ? at + Math.floor(random() * 365) * DAY : null,
    txHash: hash(n),
    logIndex: 0,
    blockNumber: block,
    timestamp: at,
    configured: true,
  };
}

function batch(toBlock: number, now: number, activities: PricedStakeActivity[]): LeaderboardBatch {
  const none = new Map();
  return {
    toBlock,
    now,
    activities,
    targetTiers: none,
    deployers: none,
    vaultOwners: none,
    deployments: none,
    ageResets: none,
  };
}

export interface LeaderboardBenchOptions {
  readonly stakers?: number;
  readonly eventsPerBlock?: number;
  readonly blocks?: number;
}

export async function runLeaderboardBench(options: LeaderboardBenchOptions = {}): Promise<LeaderboardBenchFigures> {
  const { stakers = 10_000, eventsPerBlock = 50, blocks = 100 } = options;
  const random = lcg(42);
  const board = new StakingLeaderboard();
  const genesis = 1_700_000_000;
  let txs = 0;
  let block = 1;
  const history: PricedStakeActivity[] = [];
  for (let i = 0; i < stakers; i++) {
    const at = genesis + Math.floor(random() * 300 * DAY);
    history.push(activity(txs++, wallet(i), "stake", at, Math.floor((at - genesis) / BLOCK_SECONDS) + 1, random));
  }
  let now = genesis + 320 * DAY;
  block = Math.floor((now - genesis) / BLOCK_SECONDS) + 1;
  const loadStart = performance.now();
  board.ingest(batch(block, now, history));
  board.top(100, 0);
  const initialLoadMs = performance.now() - loadStart;

  let updateMs = 0;
  let readMs = 0;
  let cachedMs = 0;
  for (let b = 0; b < blocks; b++) {
    now += BLOCK_SECONDS;
    block += 1;
    const events = Array.from({ length: eventsPerBlock }, () => {
      const who = wallet(Math.floor(random() * stakers * 1.1));
      return activity(txs++, who, random() < 0.8 ? "stake" : "unstake", now, block, random);
    });
    const t0 = performance.now();
    board.ingest(batch(block, now, events));
    const t1 = performance.now();
    board.top(100, 0);
    const t2 = performance.now();
    board.top(100, 0);
    const t3 = performance.now();
    updateMs += t1 - t0;
    readMs += t2 - t1;
    cachedMs += t3 - t2;
  }
  let rerankMs = 0;
  const reranks = 10;
  for (let r = 0; r < reranks; r++) {
    now += DAY;
    board.ingest(batch(++block, now, []));
    const rerankStart = performance.now();
    board.top(100, 0);
    rerankMs += performance.now() - rerankStart;
  }
  const round = (ms: number): number => Math.round(ms * 1000) / 1000;
  return {
    stakers,
    eventsPerBlock,
    blocks,
    initialLoadMs: round(initialLoadMs),
    msPerUpdate: round(updateMs / blocks),
    msPerReadAfterBlock: round(readMs / blocks),
    msPerCachedRead: round(cachedMs / blocks),
    msFullRerank: round(rerankMs / reranks),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runLeaderboardBench();
  console.log("staking leaderboard bench", figures);
}
