import { expect } from "chai";
import nock from "nock";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import type { Tracer, TracerSetting } from "../../../../src/adapters/chain/tracer-choice";
import { asAddress } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import { right } from "../../contract/support/task-either";
import {
  PAIR,
  probeAnswer,
  ROUTER,
  swapAnswer,
  SWAPPER,
  topRevertAnswer,
  TOKEN,
  TRACER_NOT_FOUND,
  USDC,
} from "../../../support/call-tracer-fixtures";

const NODE = "http://trace-node.example.test";
const request = { from: asAddress(SWAPPER), to: asAddress(ROUTER), data: "0x38ed1739" as Hex };
/** Another call of the same shape: a simulation is kept per block and call, so asking again needs another call. */
const another = (n: number) => ({ ...request, data: `0x38ed1739${n.toString(16).padStart(2, "0")}` as Hex });
/** The node's head, moved by a test that needs the next block. */
let head = "0x10";
/** EDR's and geth's struct-log answer to a call that ran no code (the shape only matters here). */
const NO_STEPS = { failed: false, gas: 21000, returnValue: "", structLogs: [] };

interface Payload {
  readonly id: number;
  readonly method: string;
  readonly params: readonly unknown[];
}
type Reply = { result: unknown } | { error: { code: number; message: string } };

/**
 * A JSON-RPC node behind nock that answers by method and counts what it was asked: `callTracer` is how it answers
 * debug_traceCall with that tracer (`probe`: the adapter's one probe, with a state override; by default a node
 * serving withLog, or the same refusal); struct-log traces and eth_call answer as a node that ran no code.
 */
function node(callTracer: () => Reply, probe?: Reply) {
  const asked: string[] = [];
  const replyTo = (p: Payload): Reply => {
    if (p.method === "eth_blockNumber") return { result: head };
    if (p.method === "eth_call") return { result: "0x" };
    const config = p.params[2] as { tracer?: string; stateOverrides?: object } | undefined;
    if (p.method === "debug_traceCall" && config?.stateOverrides !== undefined) {
      if (probe !== undefined) return probe;
      const call = callTracer();
      return "error" in call ? call : { result: probeAnswer() };
    }
    if (p.method === "debug_traceCall") return config?.tracer === "callTracer" ? callTracer() : { result: NO_STEPS };
    return { error: { code: -32601, message: `the method ${p.method} does not exist/is not available` } };
  };
  nock(NODE)
    .persist()
    .post("/")
    .reply(200, (_uri, body) => {
      const payloads = (Array.isArray(body) ? body : [body]) as Payload[];
      const answers = payloads.map((p) => {
        const config = p.params[2] as { tracer?: string; stateOverrides?: object } | undefined;
        const traced = config?.stateOverrides !== undefined ? "probe" : (config?.tracer ?? "structLogs");
        asked.push(p.method === "debug_traceCall" ? `trace:${traced}` : p.method);
        return { jsonrpc: "2.0", id: p.id, ...replyTo(p) };
      });
      return Array.isArray(body) ? answers : answers[0];
    });
  return asked;
}

describe("EthersChainReader: callTracer first, struct logs once a node refuses it (nock)", () => {
  let reader: EthersChainReader;
  let chosen: Tracer[];
  const readerWith = (tracer: TracerSetting = "auto") =>
    new EthersChainReader({
      rpcUrl: NODE,
      chainId: 5042002,
      timeoutMs: 2_000,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
      tracer,
      onTracerChosen: (t) => chosen.push(t),
    });

  beforeEach(() => {
    nock.disableNetConnect();
    chosen = [];
    head = "0x10";
    reader = readerWith();
  });

  afterEach(() => {
    reader.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("simulates on a node serving callTracer in one trace, without eth_call or struct logs", async () => {
    const asked = node(() => ({ result: swapAnswer() }));
    const simulation = await right(reader.simulate(request));
    expect(simulation.blockNumber).to.equal(16);
    expect(simulation.outcome.ok).to.equal(true);
    expect(simulation.effects?.logs.map((l) => l.address)).to.deep.equal([USDC, TOKEN, PAIR, PAIR]);
    expect(asked).to.deep.equal(["eth_blockNumber", "trace:probe", "trace:callTracer"]);
    expect(chosen).to.deep.equal(["callTracer"]);
  });

  it("answers a top-level revert from the call tree: its reason, no effects", async () => {
    node(() => ({ result: topRevertAnswer() }));
    const simulation = await right(reader.simulate(request));
    expect(simulation.outcome).to.include({ ok: false, reason: "nope, not today" });
    expect(simulation.effects).to.deep.equal({ logs: [], valueMoves: [] });
  });

  it("asks a node answering 'tracer not found' about callTracer once, then only for struct logs", async () => {
    const asked = node(() => ({ error: TRACER_NOT_FOUND }));
    const first = await right(reader.simulate(request));
    const second = await right(reader.simulate(another(1)));
    const traced = await right(reader.traceCall(request));
    expect(first.effects).to.deep.equal({ failed: false, logs: [], valueMoves: [] });
    expect(second.effects).to.deep.equal(first.effects);
    expect(traced).to.deep.equal({ failed: false, calls: [], storageWrites: [], steps: 0 });
    expect(asked.filter((m) => m === "trace:probe")).to.have.length(1);
    expect(asked).to.not.include("trace:callTracer");
    expect(asked.filter((m) => m === "trace:structLogs")).to.have.length(3);
    expect(chosen).to.deep.equal(["structLogs"]);
  });

  it("lets concurrent first simulations wait for one answer instead of each asking", async () => {
    const asked = node(() => ({ error: TRACER_NOT_FOUND }));
    await Promise.all([1, 2, 3].map((n) => right(reader.simulate(another(n)))));
    expect(asked.filter((m) => m === "trace:probe")).to.have.length(1);
    expect(asked.filter((m) => m === "eth_call")).to.have.length(3);
  });

  it("keeps callTracer after a failure about one call (a tracer timeout): that call's effects are unknown", async () => {
    let calls = 0;
    const asked = node(
      () => (++calls === 1 ? { error: { code: -32000, message: "execution timeout" } } : { result: swapAnswer() }),
      { result: probeAnswer() },
    );
    const slow = await right(reader.simulate(request));
    expect(slow).to.deep.include({ outcome: { ok: true, returnData: "0x" }, effects: null });
    expect((await right(reader.simulate(request))).effects?.logs).to.have.length(4);
    expect(asked.filter((m) => m.startsWith("trace:"))).to.deep.equal([
      "trace:probe",
      "trace:callTracer",
      "trace:callTracer",
    ]);
  });

  it("uses struct logs on a node whose callTracer ignores withLog (no logs would read as no token moved)", async () => {
    const asked = node(() => ({ result: swapAnswer() }), { result: probeAnswer(false) });
    expect((await right(reader.simulate(request))).effects).to.deep.equal({ failed: false, logs: [], valueMoves: [] });
    expect(asked).to.not.include("trace:callTracer");
    expect(chosen).to.deep.equal(["structLogs"]);
  });

  it("moves to struct logs when a node that answered the probe later refuses callTracer (a failover)", async () => {
    const asked = node(() => ({ error: TRACER_NOT_FOUND }), { result: probeAnswer() });
    await right(reader.simulate(request));
    await right(reader.simulate(another(1)));
    expect(asked.filter((m) => m.startsWith("trace:"))).to.deep.equal([
      "trace:probe",
      "trace:callTracer",
      "trace:structLogs",
      "trace:structLogs",
    ]);
    expect(chosen).to.deep.equal(["callTracer", "structLogs"]);
  });

  it("simulates a call once per block: the same call again at that block is answered without a trace", async () => {
    const asked = node(() => ({ result: swapAnswer() }));
    const first = await right(reader.simulate(request));
    const again = await Promise.all([1, 2].map(() => right(reader.simulate(request))));
    expect(again).to.deep.equal([first, first]);
    expect(asked.filter((m) => m === "trace:callTracer")).to.have.length(1);
    await right(reader.simulate(another(1)));
    head = "0x11";
    // ethers keeps the head it last read for 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await right(reader.simulate(request))).blockNumber).to.equal(17);
    expect(asked.filter((m) => m === "trace:callTracer")).to.have.length(3);
  });

  it("forgets the simulations at heights a reorganisation removed", async () => {
    const asked = node(() => ({ result: swapAnswer() }));
    await right(reader.simulate(request));
    reader.forgetPinnedAbove(15);
    await right(reader.simulate(request));
    expect(asked.filter((m) => m === "trace:callTracer")).to.have.length(2);
  });

  it("traces a transfer's calls through callTracer where served", async () => {
    node(() => ({ result: swapAnswer() }));
    const traced = await right(reader.traceCall(request));
    expect(traced?.calls.map((c) => [c.op, c.depth, c.pc])).to.deep.equal([
      ["CALL", 1, null],
      ["CALL", 1, null],
      ["CALL", 2, null],
      ["STATICCALL", 2, null],
      ["STATICCALL", 2, null],
    ]);
  });

  it("TRACE_TRACER=structLogs never asks for callTracer; =callTracer never for struct logs", async () => {
    const asked = node(() => ({ error: TRACER_NOT_FOUND }));
    reader.close();
    reader = readerWith("structLogs");
    await right(reader.simulate(request));
    expect(asked).to.not.include("trace:callTracer").and.not.include("trace:probe");
    reader.close();
    reader = readerWith("callTracer");
    asked.length = 0;
    expect((await right(reader.simulate(request))).effects).to.equal(null);
    expect(await right(reader.traceCall(request))).to.equal(null);
    expect(asked).to.not.include("trace:structLogs").and.not.include("trace:probe");
    expect(chosen).to.deep.equal([]);
  });
});
