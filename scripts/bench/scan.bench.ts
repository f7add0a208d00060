import { Interface } from "ethers";
import { ratio } from "./http-load";
import { startBenchApplication } from "./app-session";
import type { SectionReport } from "./section";

const ROUTER = new Interface(["function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)"]);
const ENV = { SCAN_RATE_LIMIT_PER_MINUTE: "100000", BATCH_RATE_LIMIT_PER_MINUTE: "100000" };

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await timed(run));
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)]! * 100) / 100;
}

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

/**
 * Issue 31's figures: a transaction scan of the seeded benign swap, cold (first in a fresh process) and warm, and a
 * typed-data scan, as ratios against a bare eth_call of the same transaction in the same run; the cold scan also
 * against cold-scoring its counterparties alone (a batch of them on another fresh application in this process).
 */
export async function runScanBench(): Promise<SectionReport> {
  const first = await startBenchApplication(ENV);
  const { manifest, app } = first;
  const roles = manifest.walletProtection;
  const { usdc, uniswapRouter } = manifest.contracts;
  const swap = (amount: bigint) =>
    ROUTER.encodeFunctionData("swapExactTokensForTokens", [
      amount,
      0n,
      [usdc, manifest.healthyToken],
      roles.swapper,
      99_999_999_999n,
    ]);
  const data = swap(10_000_000n);
  const tx = { chainId: manifest.chainId, from: roles.swapper, to: uniswapRouter, data };
  const scan = () => post(`${app.url}/api/scan/transaction`, tx);
  // Warm scores, but a transaction not simulated yet at this head (another amount each time): the trace is paid.
  let amount = 10_000_000n;
  const scanAnother = () => post(`${app.url}/api/scan/transaction`, { ...tx, data: swap(++amount) });
  const ethCall = () =>
    post(app.rpcUrl, {
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [{ from: tx.from, to: tx.to, data }, "latest"],
    });
  const typed = [
    roles.approvalsVictim,
    {
      types: {
        PermitDetails: [{ name: "token", type: "address" }],
        PermitSingle: [{ name: "details", type: "PermitDetails" }],
      },
      primaryType: "PermitSingle",
      domain: {
        name: "Permit2",
        chainId: manifest.chainId,
        verifyingContract: "0x000000000022D473030F116dDEE9F6B43aC78BA3",
      },
      message: {
        details: { token: usdc, amount: "1000000", expiration: "1900000000", nonce: "0" },
        spender: roles.drainer,
        sigDeadline: "1900000000",
      },
    },
  ];
  let counterparties: string[] = [];
  const coldMs = await timed(async () => {
    const answer = await scan();
    counterparties = (answer.counterparties as { address: string }[]).map((c) => c.address);
  });
  await post(`${app.url}/api/scan/typed-data`, typed);
  const warmMs = await median(15, scan);
  const newTxMs = await median(7, scanAnother);
  const typedMs = await median(15, () => post(`${app.url}/api/scan/typed-data`, typed));
  const ethCallMs = await median(30, ethCall);
  await app.stop();
  const second = await startBenchApplication(ENV);
  const coldScoresMs = await timed(() => post(`${second.app.url}/api/batch`, { addresses: counterparties }));
  await second.app.stop();
  // The first scan above is also the process's first request (V8 compiles every path it takes); the batch is not. A
  // third fresh application scans cold with the code compiled, as the batch ran.
  const third = await startBenchApplication(ENV);
  const freshMs = await timed(() => post(`${third.app.url}/api/scan/transaction`, tx));
  await third.app.stop();
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    lines: [
      `bare eth_call of the swap: median ${ethCallMs} ms`,
      `warm transaction scan: median ${warmMs} ms -> x${ratio(warmMs, ethCallMs)} the eth_call (target <= 5)`,
      `warm scores, a swap not simulated yet at this head: median ${newTxMs} ms -> x${ratio(newTxMs, ethCallMs)} the eth_call`,
      `cold transaction scan: ${round(coldMs)} ms; cold-scoring its ${counterparties.length} counterparties alone (batch, fresh application): ${round(coldScoresMs)} ms -> x${ratio(coldMs, coldScoresMs)} (target <= 1.2)`,
      `cold transaction scan on a fresh application (code compiled, as for the batch): ${round(freshMs)} ms -> x${ratio(freshMs, coldScoresMs)} the batch`,
      `typed-data scan (Permit2 to the drainer): median ${typedMs} ms -> x${ratio(typedMs, ethCallMs)} the eth_call`,
    ],
    figures: {
      ethCallMs,
      warmMs,
      newTxMs,
      coldMs: round(coldMs),
      coldScoresMs: round(coldScoresMs),
      freshColdMs: round(freshMs),
      typedMs,
      counterparties: counterparties.length,
    },
  };
}
