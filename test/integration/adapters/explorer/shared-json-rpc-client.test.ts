import { expect } from "chai";
import nock from "nock";
import { HttpStatusError, MalformedBodyError, TransportError } from "../../../../src/adapters/shared/http-json";
import { JsonRpcClient, JsonRpcError } from "../../../../src/adapters/shared/json-rpc-client";

const NODE = "http://node.fixture.test";
const client = () =>
  new JsonRpcClient({ url: NODE, timeoutMs: 300, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 } });

interface Payload {
  readonly id: number;
  readonly method: string;
}

describe("shared: JSON-RPC client", () => {
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("sends a batch and returns outcomes in call order, node errors included", async () => {
    nock(NODE)
      .post("/")
      .reply(200, (_uri, body) => {
        const [first, second] = body as Payload[];
        // Answers out of order: the client must match them by id.
        return [
          { jsonrpc: "2.0", id: second?.id, error: { code: -32601, message: "no such method" } },
          { jsonrpc: "2.0", id: first?.id, result: "0x10" },
        ];
      });
    const outcomes = await client().batch([
      { method: "eth_blockNumber", params: [] },
      { method: "eth_nope", params: [] },
    ]);
    expect(outcomes[0]).to.deep.equal({ ok: true, result: "0x10" });
    expect(outcomes[1]?.ok === false && outcomes[1].error)
      .to.be.instanceOf(JsonRpcError)
      .and.include({ code: -32601 });
  });

  it("throws the node's error from request()", async () => {
    nock(NODE)
      .post("/")
      .reply(200, (_uri, body) => ({
        jsonrpc: "2.0",
        id: (body as Payload).id,
        error: { code: 3, message: "execution reverted", data: "0x" },
      }));
    const error = await client()
      .request("eth_call", [])
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(JsonRpcError).and.include({ code: 3, rpcMessage: "execution reverted" });
  });

  it("retries a 5xx, then surfaces a persistent one as an HTTP status error", async () => {
    nock(NODE)
      .post("/")
      .reply(502)
      .post("/")
      .reply(200, (_uri, body) => ({ jsonrpc: "2.0", id: (body as Payload).id, result: "0x1" }));
    expect(await client().request("eth_chainId", [])).to.equal("0x1");
    nock(NODE).post("/").times(2).reply(503);
    expect(
      await client()
        .request("eth_chainId", [])
        .catch((e: unknown) => e),
    )
      .to.be.instanceOf(HttpStatusError)
      .and.include({ status: 503 });
  });

  it("times out a node that does not answer, and rejects a body that is not JSON-RPC", async () => {
    nock(NODE).post("/").times(2).delay(1_000).reply(200, {});
    expect(
      await client()
        .request("eth_chainId", [])
        .catch((e: unknown) => e),
    ).to.be.instanceOf(TransportError);
    nock(NODE).post("/").reply(200, { hello: "world" });
    expect(
      await client()
        .request("eth_chainId", [])
        .catch((e: unknown) => e),
    ).to.be.instanceOf(MalformedBodyError);
  });
});
