import { expect } from "chai";
import { AbiCoder } from "ethers";
import nock from "nock";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { paymentProvider } from "../../../../src/adapters/payment/eip3009-contract";
import { asHex } from "../../../../src/adapters/shared/hex-values";
import { JsonRpcClient } from "../../../../src/adapters/shared/json-rpc-client";
import {
  RPC_ENDPOINT_COOL_DOWN_MS,
  RpcEndpointFailover,
  type RpcFailoverEvent,
} from "../../../../src/adapters/shared/rpc-endpoint-failover";
import { asAddress } from "../../../../src/domain/chain/address";
import { createLogger } from "../../../../src/infrastructure/logger";
import { left, right } from "../../contract/support/task-either";

// Hosted providers put the key in the path, the query or the userinfo: all three appear here.
const KEY_A = "KEYAAAA111";
const KEY_B = "KEYBBBB222";
const HOST_A = "https://node-a.example";
const HOST_B = "https://node-b.example";
const URL_A = `${HOST_A}/v2/${KEY_A}?apikey=${KEY_A}`;
const URL_B = `https://operator:${KEY_B}@node-b.example/`;
const CHAIN_ID = 5042002;
const NO_RETRY = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 };
const HOLDER = asAddress("0x00000000000000000000000000000000000000aa");

interface Payload {
  readonly id: number;
  readonly method: string;
  readonly params: readonly unknown[];
}

/** A JSON-RPC 2.0 answer to each call of the request, single or batch, as nodes send them. */
const answer = (body: unknown, result: (p: Payload) => unknown): unknown =>
  Array.isArray(body)
    ? (body as Payload[]).map((p) => ({ jsonrpc: "2.0", id: p.id, result: result(p) }))
    : { jsonrpc: "2.0", id: (body as Payload).id, result: result(body as Payload) };

/** What Node's socket layer raises for a closed port (nock needs an Error instance to emit it). */
const refused = (): Error => Object.assign(new Error("connect ECONNREFUSED 203.0.113.7:443"), { code: "ECONNREFUSED" });
const nodeA = () => nock(HOST_A).post(`/v2/${KEY_A}`).query({ apikey: KEY_A });
const nodeB = () => nock(HOST_B).post("/");

function failoverOf(now: { ms: number }, events: RpcFailoverEvent[] = []): RpcEndpointFailover {
  return new RpcEndpointFailover([URL_A, URL_B], { nowMs: () => now.ms, onFailover: (e) => void events.push(e) });
}

describe("RPC failover over several RPC_URLs (nock)", () => {
  const now = { ms: 1_700_000_000_000 };
  let readers: EthersChainReader[] = [];
  const readerOn = (endpoints: RpcEndpointFailover): EthersChainReader => {
    const reader = new EthersChainReader({ rpcUrl: endpoints, chainId: CHAIN_ID, timeoutMs: 2_000, retry: NO_RETRY });
    readers.push(reader);
    return reader;
  };

  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    for (const reader of readers) reader.close();
    readers = [];
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("a 503 from the first endpoint: the answer comes from the second, and the first is benched", async () => {
    const events: RpcFailoverEvent[] = [];
    const endpoints = failoverOf(now, events);
    const a = nodeA().reply(503, "<html>503 Service Temporarily Unavailable</html>");
    const b = nodeB().reply(200, (_uri, body) => answer(body, () => "0x4cef52"));
    expect(await right(readerOn(endpoints).chainId())).to.equal(CHAIN_ID);
    expect(a.isDone() && b.isDone()).to.equal(true);
    expect(events).to.deep.equal([{ from: `${HOST_A}/<redacted>`, to: `${HOST_B}/<redacted>`, reason: "HTTP 503" }]);
    expect(endpoints.status().map((s) => s.state)).to.deep.equal(["benched", "ok"]);
  });

  it("a refused connection on the first endpoint: the second answers", async () => {
    const endpoints = failoverOf(now);
    nodeA().replyWithError(refused());
    nodeB().reply(200, (_uri, body) => answer(body, () => "0x1bc16d674ec80000"));
    expect(await right(readerOn(endpoints).nativeBalance(HOLDER))).to.equal(2n * 10n ** 18n);
    expect(endpoints.status()[0]).to.include({ state: "benched", lastFailure: "connection failed (ECONNREFUSED)" });
  });

  it("a revert is an answer: the call reports it and the second endpoint is never asked", async () => {
    const endpoints = failoverOf(now);
    // "Not enough" as Error(string), the shape geth and reth send for a require() failure.
    const revertData = "0x08c379a0" + AbiCoder.defaultAbiCoder().encode(["string"], ["Not enough"]).slice(2);
    nodeA().reply(200, (_uri, body) => {
      const call = (Array.isArray(body) ? body[0] : body) as Payload;
      return {
        jsonrpc: "2.0",
        id: call.id,
        error: { code: 3, message: "execution reverted: Not enough", data: revertData },
      };
    });
    const b = nodeB().reply(200, (_uri, body) => answer(body, () => "0x"));
    const outcome = await right(readerOn(endpoints).call({ to: HOLDER, data: asHex("0x70a08231") }));
    expect(outcome).to.deep.equal({ ok: false, revertData, reason: "Not enough" });
    expect(b.isDone()).to.equal(false);
    expect(endpoints.status().map((s) => s.state)).to.deep.equal(["ok", "ok"]);
  });

  it("an invalid-params error answer does not fail over either", async () => {
    const endpoints = failoverOf(now);
    nodeA().reply(200, (_uri, body) => {
      const call = (Array.isArray(body) ? body[0] : body) as Payload;
      return {
        jsonrpc: "2.0",
        id: call.id,
        error: { code: -32602, message: "invalid argument 0: hex string without 0x prefix" },
      };
    });
    const b = nodeB().reply(200, (_uri, body) => answer(body, () => "0x0"));
    const failure = await left(readerOn(endpoints).nativeBalance(HOLDER));
    expect(failure.detail).to.match(/invalid argument/);
    expect(b.isDone()).to.equal(false);
  });

  it("a benched endpoint is skipped during the cool-down and tried again after it", async () => {
    const endpoints = failoverOf(now);
    const reader = readerOn(endpoints);
    nodeA().reply(502, "Bad Gateway");
    nodeB()
      .times(2)
      .reply(200, (_uri, body) => answer(body, () => "0x10"));
    expect(await right(reader.nativeBalance(HOLDER))).to.equal(16n);
    // Within the cool-down: straight to the second endpoint (nock would refuse an unexpected call to the first).
    now.ms += RPC_ENDPOINT_COOL_DOWN_MS - 1;
    expect(await right(reader.nativeBalance(HOLDER))).to.equal(16n);
    now.ms += 1;
    const again = nodeA().reply(200, (_uri, body) => answer(body, () => "0x11"));
    expect(await right(reader.nativeBalance(HOLDER))).to.equal(17n);
    expect(again.isDone()).to.equal(true);
    expect(endpoints.status().map((s) => s.state)).to.deep.equal(["ok", "ok"]);
  });

  it("a read pinned to a block asks the second endpoint for the same block number, not latest", async () => {
    const endpoints = failoverOf(now);
    const reader = readerOn(endpoints);
    const asked: unknown[] = [];
    nodeA().reply(503, "busy");
    nodeB().reply(200, (_uri, body) =>
      answer(body, (p) => {
        asked.push(p.params);
        return "0x64";
      }),
    );
    expect(await right(reader.atBlock(123, reader.nativeBalance(HOLDER)))).to.equal(100n);
    expect(asked).to.deep.equal([[HOLDER, "0x7b"]]);
  });

  it("every endpoint down: the same failure a single endpoint gives", async () => {
    const endpoints = failoverOf(now);
    nodeA().reply(503, "busy");
    nodeB().reply(503, "busy");
    const failure = await left(readerOn(endpoints).chainId());
    nock(HOST_A).post(`/v2/${KEY_A}`).query(true).reply(503, "busy");
    const single = readerOn(new RpcEndpointFailover([URL_A]));
    const alone = await left(single.chainId());
    // The last endpoint's failure, worded as one endpoint's: retries and error mapping see what they always saw.
    expect({ ...failure, detail: failure.detail.replaceAll("node-b", "node-a") }).to.deep.equal(alone);
    expect(failure.detail).to.match(/503/);
    expect(endpoints.status().map((s) => s.state)).to.deep.equal(["benched", "benched"]);
  });

  it("the block stream's client: an answer that is not JSON fails over; an error answer does not", async () => {
    const endpoints = failoverOf(now);
    const client = new JsonRpcClient({ url: endpoints, retry: NO_RETRY });
    nodeA().reply(200, "<html><body>Cloudflare: origin unreachable</body></html>", { "content-type": "text/html" });
    nodeB().reply(200, (_uri, body) => answer(body, () => "0x2a"));
    expect(await client.request("eth_blockNumber", [])).to.equal("0x2a");
    expect(endpoints.status()[0]).to.include({ state: "benched", lastFailure: "answer is not JSON" });

    const fresh = failoverOf(now);
    const other = new JsonRpcClient({ url: fresh, retry: NO_RETRY });
    nodeA().reply(200, (_uri, body) => ({
      jsonrpc: "2.0",
      id: (body as Payload).id,
      error: { code: -32000, message: "header not found" },
    }));
    const b = nodeB().reply(200, (_uri, body) => answer(body, () => null));
    const error = await other.request("eth_getBlockByNumber", ["0x7b", true]).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).with.property("rpcMessage", "header not found");
    expect(b.isDone()).to.equal(false);
  });

  it("the block stream's client: a refused connection (fetch) fails over", async () => {
    const endpoints = failoverOf(now);
    const client = new JsonRpcClient({ url: endpoints, retry: NO_RETRY });
    nodeA().replyWithError(refused());
    // fetch refuses userinfo in a URL: the second endpoint's credentials go as basic auth, as ethers sends them.
    const basic = `Basic ${Buffer.from(`operator:${KEY_B}`).toString("base64")}`;
    nock(HOST_B)
      .matchHeader("authorization", basic)
      .post("/")
      .reply(200, (_uri, body) => answer(body, () => "0x2b"));
    expect(await client.request("eth_blockNumber", [])).to.equal("0x2b");
  });

  describe("writes (eth_sendRawTransaction)", () => {
    const RAW = "0x02f86b83" + "ab".repeat(60);
    const HASH = "0x" + "cd".repeat(32);

    it("are not sent to a second node after a 503 (the first may have taken the transaction)", async () => {
      const endpoints = failoverOf(now);
      const provider = paymentProvider({ rpcUrl: endpoints, chainId: CHAIN_ID });
      nodeA().reply(503, "busy");
      const b = nodeB().reply(200, (_uri, body) => answer(body, () => HASH));
      const sent = await provider.send("eth_sendRawTransaction", [RAW]).catch((e: unknown) => e);
      provider.destroy();
      expect(sent).to.be.instanceOf(Error);
      expect(b.isDone()).to.equal(false);
      // Still benched: the next read avoids the endpoint that failed.
      expect(endpoints.status()[0]!.state).to.equal("benched");
    });

    it("are sent to the next node when the first refused the connection (it never got them)", async () => {
      const endpoints = failoverOf(now);
      const provider = paymentProvider({ rpcUrl: endpoints, chainId: CHAIN_ID });
      nodeA().replyWithError(refused());
      const b = nodeB().reply(200, (_uri, body) => answer(body, () => HASH));
      expect(await provider.send("eth_sendRawTransaction", [RAW])).to.equal(HASH);
      provider.destroy();
      expect(b.isDone()).to.equal(true);
    });
  });

  it("credentials never reach the failover log line nor the endpoint status /readyz shows", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const endpoints = new RpcEndpointFailover([URL_A, URL_B], {
      nowMs: () => now.ms,
      onFailover: (event) => logger.warn(event, "RPC endpoint failed; request sent to the next one"),
    });
    nodeA().reply(500, `internal error at ${URL_A}`);
    nodeB().reply(503, `unavailable ${URL_B}`);
    const failure = await left(readerOn(endpoints).chainId());
    const status = endpoints.status();
    expect(status.map((s) => s.url)).to.deep.equal([`${HOST_A}/<redacted>`, `${HOST_B}/<redacted>`]);
    expect(status[1]).to.include({ state: "benched", lastFailure: "HTTP 503" });
    expect(status[1]!.benchedUntil).to.equal(new Date(now.ms + RPC_ENDPOINT_COOL_DOWN_MS).toISOString());
    const shown = JSON.stringify({ lines, status, detail: failure.detail });
    expect(lines.length).to.equal(1);
    for (const secret of [KEY_A, KEY_B, "operator"]) expect(shown).not.to.contain(secret);
  });
});
