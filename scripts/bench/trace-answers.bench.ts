/**
 * Issue 31, scan speed: the two debug_traceCall answers a transaction scan can read for the seeded USDC -> token swap,
 * weighed and parsed. Struct logs come from the embedded EDR chain as the adapter asks for them (memory and stack);
 * the callTracer answer is geth's shape for the same execution, rebuilt from those struct logs (EDR serves no other
 * tracer; test/support/call-frames-from-struct-logs.ts). Parse = JSON.parse of the whole JSON-RPC body plus the
 * summary (effectsOfStructLogs / simulationOfCallFrames), median of 15 runs after 3 warm-ups, in this process.
 *
 * Run: npx tsx scripts/bench/trace-answers.bench.ts
 */
import { Interface, MaxUint256 } from "ethers";
import { simulationOfCallFrames } from "../../src/adapters/chain/call-tracer-frames";
import { effectsOfStructLogs } from "../../src/adapters/chain/struct-log-effects";
import { startDevWorld } from "../../src/dev-world/dev-world";
import { callFramesFromStructLogs } from "../../test/support/call-frames-from-struct-logs";

const ROUTER = new Interface(["function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)"]);

function medianMs(run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[7]! * 100) / 100;
}

const world = await startDevWorld({ host: "127.0.0.1", port: 0 });
try {
  const { usdc, uniswapRouter } = world.manifest.contracts;
  const swapper = world.manifest.walletProtection.swapper;
  const input = ROUTER.encodeFunctionData("swapExactTokensForTokens", [
    50_000_000n,
    0n,
    [usdc, world.manifest.healthyToken],
    swapper,
    MaxUint256,
  ]);
  const config = { disableMemory: false, disableStorage: true, enableReturnData: false };
  const response = await fetch(world.chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "debug_traceCall",
      params: [{ from: swapper, to: uniswapRouter, data: input }, "latest", config],
    }),
  });
  const structBody = await response.text();
  const structLogs = (JSON.parse(structBody) as { result: Parameters<typeof callFramesFromStructLogs>[0] }).result;
  const call = { from: swapper, to: uniswapRouter, input: input as `0x${string}`, value: 0n };
  const callBody = JSON.stringify({ jsonrpc: "2.0", id: 1, result: callFramesFromStructLogs(structLogs, call) });
  const structMs = medianMs(() => effectsOfStructLogs((JSON.parse(structBody) as { result: unknown }).result, call));
  const callMs = medianMs(() => simulationOfCallFrames((JSON.parse(callBody) as { result: unknown }).result));
  const structBytes = Buffer.byteLength(structBody);
  const callBytes = Buffer.byteLength(callBody);
  console.log(
    JSON.stringify(
      {
        swap: "seeded USDC -> healthyToken, swapExactTokensForTokens",
        structLogs: { steps: structLogs.structLogs.length, bytes: structBytes, parseMs: structMs },
        callTracer: { bytes: callBytes, parseMs: callMs },
        bytesRatio: Math.round(structBytes / callBytes),
        parseRatio: Math.round(structMs / Math.max(callMs, 0.001)),
      },
      null,
      2,
    ),
  );
} finally {
  await world.chain.close();
}
