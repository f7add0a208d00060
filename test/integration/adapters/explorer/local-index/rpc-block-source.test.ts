import { expect } from "chai";
import { RpcBlockSource } from "../../../../../src/adapters/explorer/local-index/rpc-block-source";
import {
  JsonRpcError,
  type JsonRpcCall,
  type JsonRpcClient,
  type JsonRpcOutcome,
} from "../../../../../src/adapters/shared/json-rpc-client";

const HASH = `0x${"11".repeat(32)}`;
const block = (n: number) => ({
  number: `0x${n.toString(16)}`,
  hash: `0x${n.toString(16).padStart(64, "0")}`,
  timestamp: "0x6553f100",
  transactions: [
    {
      hash: HASH.replace(/1$/, String(n)),
      from: "0x1111111111111111111111111111111111111111",
      to: null,
      value: "0x0",
      input: "0x6080",
    },
  ],
});
const receipt = (n: number) => ({
  transactionHash: HASH.replace(/1$/, String(n)),
  status: "0x1",
  contractAddress: "0x2222222222222222222222222222222222222222",
  logs: [],
});

/** A node double that answers by method and remembers what it was asked. */
function fakeClient(supportsBlockReceipts: boolean): { client: JsonRpcClient; methods: string[] } {
  const methods: string[] = [];
  const answer = (call: JsonRpcCall): JsonRpcOutcome => {
    methods.push(call.method);
    const n = Number(call.params[0]);
    if (call.method === "eth_getBlockByNumber") return { ok: true, result: block(n) };
    if (call.method === "eth_getBlockReceipts") {
      return supportsBlockReceipts
        ? { ok: true, result: [receipt(n)] }
        : {
            ok: false,
            error: new JsonRpcError(call.method, -32601, "the method eth_getBlockReceipts does not exist", null),
          };
    }
    const tx = String(call.params[0]);
    return { ok: true, result: receipt(Number.parseInt(tx.slice(-1), 16)) };
  };
  const client = {
    batch: (calls: readonly JsonRpcCall[]) => Promise.resolve(calls.map(answer)),
  } as unknown as JsonRpcClient;
  return { client, methods };
}

describe("RpcBlockSource", () => {
  it("takes receipts per block when the node has eth_getBlockReceipts", async () => {
    const { client, methods } = fakeClient(true);
    const blocks = await new RpcBlockSource(client, 10).fetchRange(1, 3);
    expect(blocks.map((b) => b.creations[0]?.contract)).to.deep.equal(
      Array(3).fill("0x2222222222222222222222222222222222222222"),
    );
    expect(methods.filter((m) => m === "eth_getTransactionReceipt")).to.have.length(0);
  });

  it("falls back to per-transaction receipts, and stops asking for block receipts", async () => {
    const { client, methods } = fakeClient(false);
    const source = new RpcBlockSource(client, 2);
    await source.fetchRange(1, 2);
    const askedFirst = methods.filter((m) => m === "eth_getBlockReceipts").length;
    await source.fetchRange(3, 4);
    expect(askedFirst).to.equal(2);
    expect(methods.filter((m) => m === "eth_getBlockReceipts")).to.have.length(askedFirst);
    expect(methods.filter((m) => m === "eth_getTransactionReceipt")).to.have.length(4);
  });
});
