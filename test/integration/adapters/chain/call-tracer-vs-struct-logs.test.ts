import { expect } from "chai";
import { id, Interface, MaxUint256 } from "ethers";
import { callTraceOfCallFrames, simulationOfCallFrames } from "../../../../src/adapters/chain/call-tracer-frames";
import { summarizeStructLogs } from "../../../../src/adapters/chain/struct-log-trace";
import { effectsOfStructLogs } from "../../../../src/adapters/chain/struct-log-effects";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import type { CallTrace, Hex } from "../../../../src/domain/chain/chain-types";
import { startEmbeddedChain, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { callFramesFromStructLogs } from "../../../support/call-frames-from-struct-logs";
import { right } from "../../contract/support/task-either";
import { sharedDevWorld } from "../../dev-world/dev-world-fixture";
import { deployTestContract, devSigner } from "./support/deploy-test-contract";

/** The adapter's struct-log request: memory and stack, no storage. */
const STRUCT_LOGS = { disableMemory: false, disableStorage: true, enableReturnData: false };
const ROUTER = new Interface([
  "function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)",
  "function swapExactETHForTokens(uint256,address[],address,uint256) payable",
]);

interface Call {
  readonly from: Address;
  readonly to: Address;
  readonly input: Hex;
  readonly value: bigint;
}

async function structLogsOf(rpcUrl: string, call: Call): Promise<unknown> {
  const tx = { from: call.from, to: call.to, data: call.input, value: `0x${call.value.toString(16)}` };
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "debug_traceCall", params: [tx, "latest", STRUCT_LOGS] }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

async function traceOf(rpcUrl: string, call: Call, config: object): Promise<unknown> {
  const tx = { from: call.from, to: call.to, data: call.input, value: `0x${call.value.toString(16)}` };
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "debug_traceCall", params: [tx, "latest", config] }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/**
 * Both summaries of one execution on EDR: the struct-log path's, and callTracer's of geth's answer for it (rebuilt
 * from the struct logs); and the embedded chain's own callTracer answer (src/dev-world/edr-call-tracer.ts), which must
 * read the same, calls included.
 */
async function bothSummaries(rpcUrl: string, call: Call) {
  const structLogs = await structLogsOf(rpcUrl, call);
  const frames = callFramesFromStructLogs(structLogs as Parameters<typeof callFramesFromStructLogs>[0], call);
  const fromStructLogs = effectsOfStructLogs(structLogs, call);
  const fromCallTracer = simulationOfCallFrames(JSON.parse(JSON.stringify(frames)));
  const served = await traceOf(rpcUrl, call, { tracer: "callTracer", tracerConfig: { withLog: true } });
  expect(simulationOfCallFrames(served)).to.deep.equal(fromCallTracer);
  const calls = (trace: CallTrace) => [trace.failed, trace.calls.map((c) => [c.op, c.depth, c.to])];
  const stepsSummary = summarizeStructLogs(await traceOf(rpcUrl, call, STRUCT_LOGS));
  expect(calls(callTraceOfCallFrames(served))).to.deep.equal(calls(stepsSummary));
  return { fromStructLogs, fromCallTracer };
}

describe("callTracer summaries equal the struct-log path's for the same execution on the embedded chain", function () {
  this.timeout(300_000);

  describe("the seeded DEX", () => {
    let rpcUrl: string;
    let contracts: { usdc: Address; weth: Address; uniswapRouter: Address };
    let swapper: Address;
    let healthy: Address;
    let rich: Address;

    before(async () => {
      const world = await sharedDevWorld();
      rpcUrl = world.chain.rpcUrl;
      contracts = world.manifest.contracts;
      swapper = world.manifest.walletProtection.swapper;
      healthy = world.manifest.healthyToken;
      rich = asAddress(world.chain.accounts[0]!.address);
    });

    it("a USDC -> token swap through the router: the same four logs in the same order, no value moved", async () => {
      const input = ROUTER.encodeFunctionData("swapExactTokensForTokens", [
        50_000_000n,
        0n,
        [contracts.usdc, healthy],
        swapper,
        MaxUint256,
      ]) as Hex;
      const { fromStructLogs, fromCallTracer } = await bothSummaries(rpcUrl, {
        from: swapper,
        to: contracts.uniswapRouter,
        input,
        value: 0n,
      });
      expect(fromStructLogs.failed).to.equal(false);
      expect(fromCallTracer.outcome.ok).to.equal(true);
      expect(fromCallTracer.logs).to.deep.equal(fromStructLogs.logs);
      expect(fromCallTracer.logs.map((l) => l.topics[0])).to.deep.equal([
        id("Transfer(address,address,uint256)"),
        id("Transfer(address,address,uint256)"),
        id("Sync(uint112,uint112)"),
        id("Swap(address,uint256,uint256,uint256,uint256,address)"),
      ]);
      expect(fromCallTracer.valueMoves).to.deep.equal(fromStructLogs.valueMoves).and.deep.equal([]);
    });

    it("a native -> USDC swap: the top call's value and the router's WETH deposit, both ways", async () => {
      const input = ROUTER.encodeFunctionData("swapExactETHForTokens", [
        0n,
        [contracts.weth, contracts.usdc],
        rich,
        MaxUint256,
      ]) as Hex;
      const value = 10n ** 15n;
      const { fromStructLogs, fromCallTracer } = await bothSummaries(rpcUrl, {
        from: rich,
        to: contracts.uniswapRouter,
        input,
        value,
      });
      expect(fromCallTracer.logs).to.deep.equal(fromStructLogs.logs);
      expect(fromCallTracer.logs.length).to.be.greaterThan(3);
      expect(fromCallTracer.valueMoves).to.deep.equal(fromStructLogs.valueMoves);
      expect(fromCallTracer.valueMoves).to.deep.equal([
        { from: rich, to: contracts.uniswapRouter, value },
        { from: contracts.uniswapRouter, to: contracts.weth, value },
      ]);
    });
  });

  describe("caught reverts, DELEGATECALL logs and top-level reverts", () => {
    let chain: EmbeddedChain;
    let reader: EthersChainReader;
    let from: Address;
    let catcher: Address;
    let probe: Address;
    const payee = asAddress("0x0000000000000000000000000000000000c0ffee");

    before(async () => {
      chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
      reader = new EthersChainReader({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, timeoutMs: 5_000 });
      const signer = await devSigner(chain, 0);
      from = asAddress(await signer.getAddress());
      const inner = await deployTestContract(signer, "Inner");
      catcher = (await deployTestContract(signer, "Catcher", [inner.address])).address;
      probe = (await deployTestContract(signer, "Probe")).address;
    });

    after(async () => {
      reader.close();
      await chain.close();
    });

    it("drops the caught frame's payment and log, keeps the rest, and names the caller for a delegated log", async () => {
      const input = new Interface(["function run(address)"]).encodeFunctionData("run", [payee]) as Hex;
      const { fromStructLogs, fromCallTracer } = await bothSummaries(chain.rpcUrl, {
        from,
        to: catcher,
        input,
        value: 3n,
      });
      expect(fromCallTracer.logs).to.deep.equal(fromStructLogs.logs);
      expect(fromCallTracer.logs.map((l) => [l.address, l.topics[0]])).to.deep.equal([
        [catcher, id("Before()")],
        [catcher, id("Inside()")],
        [catcher, id("After()")],
      ]);
      expect(fromCallTracer.valueMoves).to.deep.equal(fromStructLogs.valueMoves);
      expect(fromCallTracer.valueMoves).to.deep.equal([
        { from, to: catcher, value: 3n },
        { from: catcher, to: payee, value: 2n },
      ]);
    });

    it("gives a top-level revert the reason eth_call gives, and no effects", async () => {
      const input = new Interface(["function fails()"]).encodeFunctionData("fails") as Hex;
      const { fromStructLogs, fromCallTracer } = await bothSummaries(chain.rpcUrl, {
        from,
        to: probe,
        input,
        value: 0n,
      });
      const viaEthCall = await right(reader.call({ to: probe, data: input, from }));
      expect(fromStructLogs.failed).to.equal(true);
      expect(fromCallTracer.outcome).to.deep.equal(viaEthCall);
      expect(fromCallTracer.outcome).to.include({ ok: false, reason: "nope, not today" });
      expect([fromCallTracer.logs, fromCallTracer.valueMoves]).to.deep.equal([[], []]);
    });
  });
});
