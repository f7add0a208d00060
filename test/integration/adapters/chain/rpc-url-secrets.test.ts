import { expect } from "chai";
import nock from "nock";
import { EthersChainReader } from "../../../../src/adapters/chain/ethers-chain-reader.adapter";
import { createLogger } from "../../../../src/infrastructure/logger";
import { left } from "../../contract/support/task-either";

// Providers put the API key in the path; ethers copies the full URL into its errors.
const SECRET = "SECRETKEY123";
const NODE = "https://rpc.example";
const RPC_URL = `${NODE}/v2/${SECRET}?apikey=${SECRET}`;
const FAST_RETRY = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 };

function capturedLogger(): { readonly lines: string[]; readonly logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  return { lines, logger: createLogger("info", { write: (line: string) => void lines.push(line) }) };
}

describe("RPC URL secrets stay out of failure details and logs", () => {
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("a 500 from the node: the detail names the host but not the key, nor does the log line", async () => {
    nock.disableNetConnect();
    nock(NODE).post(`/v2/${SECRET}`).query(true).reply(500, "internal error");
    const reader = new EthersChainReader({ rpcUrl: RPC_URL, chainId: 5042002, timeoutMs: 2_000, retry: FAST_RETRY });
    try {
      const failure = await left(reader.chainId());
      expect(failure.detail).to.contain("rpc.example");
      expect(failure.detail).not.to.contain(SECRET);
      const { lines, logger } = capturedLogger();
      logger.warn({ detail: failure.detail }, "upstream failed");
      expect(lines.join("")).not.to.contain(SECRET);
    } finally {
      reader.close();
    }
  });

  it("a refused connection: neither the detail nor a logged ethers error carries the key", async () => {
    // Port 9 (discard) on loopback is closed in the test environment: the connection is refused.
    const reader = new EthersChainReader({
      rpcUrl: `http://127.0.0.1:9/v2/${SECRET}`,
      chainId: 5042002,
      timeoutMs: 2_000,
      retry: FAST_RETRY,
    });
    try {
      const failure = await left(reader.chainId());
      expect(failure.detail).not.to.contain(SECRET);
    } finally {
      reader.close();
    }
  });

  it("the logger scrubs URLs in messages, fields and serialized errors", () => {
    const { lines, logger } = capturedLogger();
    const error = Object.assign(new Error(`server response 500 (info={ "requestUrl": "${RPC_URL}" })`), {
      info: { requestUrl: RPC_URL },
    });
    logger.warn({ err: error, rpcUrl: RPC_URL, nested: { urls: [RPC_URL] } }, `calling ${RPC_URL} failed`);
    logger.error(error);
    const text = lines.join("");
    expect(text).not.to.contain(SECRET);
    expect(text).to.contain("https://rpc.example/<redacted>");
    const first = JSON.parse(lines[0] ?? "{}") as { err?: { type?: string; stack?: string } };
    expect(first.err?.type).to.equal("Error");
    expect(first.err?.stack).to.be.a("string");
  });
});
