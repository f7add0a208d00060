import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import nock from "nock";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { left, right } from "../../contract/support/task-either";

const NODE = "http://rpc.example.test";
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

interface Payload {
  readonly id: number;
  readonly method: string;
}

const answer = (payload: Payload | Payload[], result: (p: Payload) => unknown): unknown =>
  Array.isArray(payload)
    ? payload.map((p) => ({ jsonrpc: "2.0", id: p.id, result: result(p) }))
    : { jsonrpc: "2.0", id: payload.id, result: result(payload) };

describe("EthersChainReader retries and limits (nock)", () => {
  let reader: EthersChainReader;

  beforeEach(() => {
    nock.disableNetConnect();
    reader = new EthersChainReader({
      rpcUrl: NODE,
      chainId: 5042002,
      timeoutMs: 2_000,
      retry: FAST_RETRY,
      maxConcurrent: 2,
    });
  });

  afterEach(() => {
    reader.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("retries a 503 and then succeeds", async () => {
    const scope = nock(NODE)
      .post("/")
      .reply(503, "upstream unavailable")
      .post("/")
      .reply(200, (_uri, body) => answer(body as Payload, () => "0x4cef52"));
    expect(await right(reader.chainId())).to.equal(5042002);
    expect(scope.isDone()).to.equal(true);
  });

  it("gives up after the configured attempts on repeated 429s", async () => {
    const scope = nock(NODE).post("/").times(3).reply(429, "slow down");
    const failure = await left(reader.chainId());
    expect(failure.source).to.equal("rpc");
    expect(failure.detail).to.match(/eth_chainId/);
    expect(scope.isDone()).to.equal(true);
  });

  it("times out a node that does not answer and reports it after retrying", async () => {
    nock.enableNetConnect("127.0.0.1");
    let requests = 0;
    // A real socket that never answers: the timeout is a socket timeout, which nock does not emulate.
    const silent = createServer(() => void requests++);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = new EthersChainReader({
      rpcUrl: `http://127.0.0.1:${port}`,
      chainId: 5042002,
      timeoutMs: 100,
      retry: FAST_RETRY,
    });
    try {
      expect((await left(slow.chainId())).detail).to.match(/timeout/i);
      expect(requests).to.equal(3);
    } finally {
      slow.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("does not retry a 4xx that will not get better", async () => {
    nock(NODE).post("/").reply(401, "unauthorized");
    const extra = nock(NODE)
      .post("/")
      .reply(200, (_uri, body) => answer(body as Payload, () => "0x1"));
    expect((await left(reader.chainId())).source).to.equal("rpc");
    expect(extra.isDone()).to.equal(false);
  });

  it("turns a node error answer to eth_call that is not a revert into a failure, not a revert outcome", async () => {
    nock(NODE)
      .post("/")
      .reply(200, (_uri, body) => ({
        jsonrpc: "2.0",
        id: (body as Payload).id,
        error: { code: -32000, message: "header not found" },
      }));
    const failure = await left(
      reader.call({ to: "0x0000000000000000000000000000000000000001" as never, data: "0x" as never }),
    );
    expect(failure.detail).to.match(/eth_call/);
  });

  it("keeps at most maxConcurrent calls in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    nock(NODE)
      .post("/")
      .times(10)
      .reply(200, async (_uri, body) => {
        const payloads = Array.isArray(body) ? (body as Payload[]) : [body as Payload];
        inFlight += payloads.length;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight -= payloads.length;
        return answer(body as Payload, () => "0x10");
      });
    const balances = await Promise.all(
      Array.from({ length: 6 }, (_, i) => right(reader.nativeBalance(`0x${String(i + 1).padStart(40, "0")}` as never))),
    );
    expect(balances).to.deep.equal(Array.from({ length: 6 }, () => 16n));
    expect(peak).to.equal(2);
  });

  it("sends simulations one per request, at most maxConcurrentSimulations at once, and reads past them", async () => {
    const simulator = new EthersChainReader({
      rpcUrl: NODE,
      chainId: 5042002,
      retry: FAST_RETRY,
      maxConcurrentSimulations: 2,
    });
    // Simulations are answered only once the read has been: a reader that queued reads behind them never answers it.
    let release: () => void = () => undefined;
    const readAnswered = new Promise<void>((resolve) => (release = resolve));
    let simulating = 0;
    let peak = 0;
    const requestSizes: number[] = [];
    nock(NODE)
      .post("/")
      .times(20)
      .reply(200, async (_uri, body) => {
        const payloads = Array.isArray(body) ? (body as Payload[]) : [body as Payload];
        requestSizes.push(payloads.length);
        const simulations = payloads.filter((p) => p.method === "eth_call").length;
        simulating += simulations;
        peak = Math.max(peak, simulating);
        if (simulations > 0) await readAnswered;
        simulating -= simulations;
        return answer(body as Payload, (p) => (p.method === "eth_call" ? `0x${"0".repeat(63)}1` : "0x10"));
      });
    const overrides = { ["0x00000000000000000000000000000000000000aa" as never]: { balance: 1n } };
    const simulations = Array.from({ length: 4 }, () =>
      right(
        simulator.call({ to: "0x00000000000000000000000000000000000000bb" as never, data: "0x" as never }, overrides),
      ),
    );
    const balance = await right(simulator.nativeBalance("0x00000000000000000000000000000000000000cc" as never));
    release();
    const outcomes = await Promise.all(simulations);
    simulator.close();
    expect(balance).to.equal(16n);
    expect(outcomes.every((o) => o.ok)).to.equal(true);
    expect(peak).to.equal(2);
    expect(requestSizes.filter((n) => n > 1)).to.deep.equal([]);
  });
});
