import { performance } from "node:perf_hooks";
import type { ChainTransaction, TokenTransfer } from "../../src/domain/chain/chain-types";
import { scoreWallet, type WalletProfile } from "../../src/domain/scoring";
import {
  DAY,
  T0,
  addr,
  complete,
  emptyWallet,
  rng,
  transfer,
  tx,
} from "../../test/unit/domain/scoring/support/builders";
import { ratio, round } from "./http-load";
import type { SectionReport } from "./section";

/**
 * scoreWallet CPU time against history size: a wallet with N token transfers (and N/2 native
 * transactions) spread over a year among 200 counterparties and 20 tokens. The 1k-transfer
 * wallet is the baseline: a 10k/1k ratio near 10 means linear cost.
 */
const WALLET = addr(0xbe4c4);
const NOW = T0 + 400 * DAY;

export function syntheticWallet(transfers: number): WalletProfile {
  const random = rng(7);
  const funder = addr(0xf00d);
  const txs: ChainTransaction[] = [tx({ from: funder, to: WALLET, value: 10n ** 20n, timestamp: T0 + DAY })];
  const tokenTransfers: TokenTransfer[] = [];
  const span = 380 * DAY;
  for (let i = 0; i < transfers; i++) {
    const timestamp = T0 + 2 * DAY + Math.floor((span * i) / transfers + random() * 600);
    const peer = addr(0xc000 + Math.floor(random() * 200));
    const token = addr(0xd000 + (i % 20));
    const inbound = random() < 0.5;
    tokenTransfers.push(
      transfer({
        token,
        from: inbound ? peer : WALLET,
        to: inbound ? WALLET : peer,
        value: BigInt(1 + i) * 10n ** 15n,
        timestamp,
      }),
    );
    if (i % 2 === 0)
      txs.push(
        tx({ from: WALLET, to: inbound ? token : peer, value: inbound ? 0n : 10n ** 16n, timestamp: timestamp + 1 }),
      );
  }
  return {
    ...emptyWallet(WALLET),
    transactions: complete(txs),
    tokenTransfers: complete(tokenTransfers),
    nativeBalance: 500n * 10n ** 18n,
    funding: { funder, funderTransactions: complete([txs[0]!]), funderLabel: null },
  };
}

/** Median and minimum: on a shared 2-core machine the minimum is the least disturbed sample. */
function timings(profile: WalletProfile, runs: number): { medianMs: number; minMs: number } {
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    scoreWallet(profile, NOW);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    medianMs: round(samples[Math.floor(samples.length / 2)] ?? Number.NaN, 3),
    minMs: round(samples[0] ?? Number.NaN, 3),
  };
}

export function runScoringBench(sizes: readonly number[] = [1_000, 2_000, 5_000, 10_000], runs = 11): SectionReport {
  const profiles = sizes.map((size) => ({ size, profile: syntheticWallet(size) }));
  for (const { profile } of profiles) scoreWallet(profile, NOW); // JIT warm-up, not timed
  const rows = profiles.map(({ size, profile }) => ({ transfers: size, ...timings(profile, runs) }));
  const baseline = rows[0]!;
  const largest = rows[rows.length - 1]!;
  const lines = rows.map(
    (r) =>
      `${String(r.transfers).padStart(6)} transfers: median ${r.medianMs} ms, min ${r.minMs} ms of ${runs} ` +
      `(x${ratio(r.medianMs, baseline.medianMs)} median, x${ratio(r.minMs, baseline.minMs)} min vs ${baseline.transfers})`,
  );
  const sizeRatio = largest.transfers / baseline.transfers;
  lines.push(
    `ratio ${largest.transfers}/${baseline.transfers} = ${ratio(largest.medianMs, baseline.medianMs)} median, ` +
      `${ratio(largest.minMs, baseline.minMs)} min (linear would be ${sizeRatio}); aim: ${largest.transfers} < 50 ms median -> ${largest.medianMs < 50 ? "OK" : "OVER"}`,
  );
  const figures = {
    runs,
    rows,
    linearWouldBe: sizeRatio,
    largestOverBaselineMedian: ratio(largest.medianMs, baseline.medianMs),
    largestOverBaselineMin: ratio(largest.minMs, baseline.minMs),
  };
  return { lines, figures };
}
