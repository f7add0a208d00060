import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { isError, Network } from "ethers";
import { NativeJsonRpcProvider, nativeConnection } from "../../../../src/adapters/shared/native-json-rpc-provider";

interface Payload {
  readonly id: number;
  readonly method: string;
  readonly params: unknown[];
}

/** A node that answers in one-byte chunks (as a streaming server may), with whatever `reply` writes. */
async function startNode(reply: (payloads: Payload[]) => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (chunk: Buffer) => parts.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString("utf8")) as Payload | Payload[];
      const bytes = Buffer.from(reply(Array.isArray(body) ? body : [body]), "utf8");
      res.writeHead(200, { "content-type": "application/json" });
      for (const byte of bytes) res.write(Buffer.from([byte]));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("NativeJsonRpcProvider: ethers' JSON-RPC provider with native body coding", () => {
  let node: { url: string; server: Server } | undefined;
  let provider: NativeJsonRpcProvider | undefined;

  afterEach(async () => {
    provider?.destroy();
    await new Promise((resolve) => node?.server.close(resolve));
  });

  const connect = (url: string): NativeJsonRpcProvider => {
    const network = Network.from(5042002);
    return new NativeJsonRpcProvider(nativeConnection(url), network, { staticNetwork: network });
  };

  it("sends a batch and reads each answer back from a body streamed byte by byte, multi-byte UTF-8 included", async () => {
    const seen: Payload[][] = [];
    node = await startNode((payloads) => {
      seen.push(payloads);
      return JSON.stringify(
        payloads.map((p) => ({ jsonrpc: "2.0", id: p.id, result: `${p.method}:${String(p.params[0])}:€ü🙂` })),
      );
    });
    provider = connect(node.url);
    const answers = await Promise.all([
      provider.send("echo_a", ["Zürich"]),
      provider.send("echo_b", ["東京"]),
      provider.send("echo_c", [1]),
    ]);
    expect(answers).to.deep.equal(["echo_a:Zürich:€ü🙂", "echo_b:東京:€ü🙂", "echo_c:1:€ü🙂"]);
    expect(seen.map((batch) => batch.length)).to.deep.equal([3]);
  });

  it("turns a node's error answer into the error ethers gives, and a body that is not JSON into ethers' own error", async () => {
    node = await startNode((payloads) =>
      payloads[0]?.method === "broken"
        ? "<html>bad gateway</html>"
        : JSON.stringify(payloads.map((p) => ({ jsonrpc: "2.0", id: p.id, error: { code: -32601, message: "nope" } }))),
    );
    provider = connect(node.url);
    const refused = await provider.send("missing_method", []).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(Error);
    expect(String((refused as Error).message)).to.include("nope");
    const broken = await provider.send("broken", []).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isError(broken, "UNSUPPORTED_OPERATION")).to.equal(true);
    expect(String((broken as Error).message)).to.include("response body is not valid JSON");
  });
});
