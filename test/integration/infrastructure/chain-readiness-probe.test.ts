import { expect } from "chai";
import nock from "nock";
import { EthersChainReader } from "../../../src/adapters/chain/ethers-chain-reader.adapter";
import { RpcEndpointFailover } from "../../../src/adapters/shared/rpc-endpoint-failover";
import { chainReadinessProbe, checkEveryEndpointChain } from "../../../src/infrastructure/chain-runtime";
import { createLogger } from "../../../src/infrastructure/logger";
import { CheckReadiness } from "../../../src/application/use-cases/health/check-readiness.use-case";
import { emptyRpcBlock } from "../../support/rpc-block";
import { infallible } from "../../../src/application/infallible";

const KEY = "PROJECTKEY0042";
const NOW = Date.parse("2026-11-26T12:00:00.000Z");

describe("/readyz chain check: each RPC_URL endpoint's state, without credentials (nock)", () => {
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("shows the first endpoint benched until the cool-down ends and the second ok; no key in the answer", async () => {
    nock.disableNetConnect();
    const endpoints = new RpcEndpointFailover(
      [`https://user:${KEY}@primary.example/v3/${KEY}?key=${KEY}`, `https://backup.example/rpc?apikey=${KEY}`],
      { nowMs: () => NOW },
    );
    const reader = new EthersChainReader({
      rpcUrl: endpoints,
      chainId: 5042002,
      timeoutMs: 1_000,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    nock("https://primary.example").post(`/v3/${KEY}`).query(true).reply(503, "Service Unavailable");
    nock("https://backup.example")
      .post("/rpc")
      .query(true)
      .reply(200, (_uri, body) => {
        const call = (Array.isArray(body) ? body[0] : body) as { id: number };
        const block = emptyRpcBlock({
          number: "0x10",
          hash: "0x" + "ab".repeat(32),
          parentHash: "0x" + "cd".repeat(32),
          timestamp: "0x6745a1c0",
        });
        return [{ jsonrpc: "2.0", id: call.id, result: block }];
      });
    try {
      const readiness = await infallible(new CheckReadiness([chainReadinessProbe(reader, endpoints)]).execute());
      expect(readiness).to.deep.equal({
        status: "ready",
        checks: {
          chain: {
            ok: true,
            endpoints: [
              {
                url: "https://primary.example/<redacted>",
                state: "benched",
                benchedUntil: "2026-11-26T12:00:30.000Z",
                lastFailure: "HTTP 503",
              },
              { url: "https://backup.example/<redacted>", state: "ok" },
            ],
          },
        },
      });
      expect(JSON.stringify(readiness)).not.to.contain(KEY);
    } finally {
      reader.close();
    }
  });
});

describe("start-up: every RPC_URL entry must serve CHAIN_ID (nock)", () => {
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  const chainIdAnswer = (result: string) => (_uri: string, body: unknown) => {
    const call = (Array.isArray(body) ? body[0] : body) as { id: number };
    return { jsonrpc: "2.0", id: call.id, result };
  };

  it("refuses a second endpoint on another chain, naming its position and host but not its key", async () => {
    nock.disableNetConnect();
    nock("https://primary.example").post("/").reply(200, chainIdAnswer("0x4cef52"));
    nock("https://backup.example").post(`/v2/${KEY}`).reply(200, chainIdAnswer("0x1"));
    const { logger } = captured();
    const error = await checkEveryEndpointChain(
      ["https://primary.example/", `https://backup.example/v2/${KEY}`],
      5042002,
      logger,
    ).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.equal(
      "RPC_URL entry 2 (https://backup.example/<redacted>) serves chain 1, but CHAIN_ID is 5042002",
    );
  });

  it("only logs an endpoint that does not answer yet (that is what failover is for)", async () => {
    nock.disableNetConnect();
    nock("https://primary.example").post("/").reply(200, chainIdAnswer("0x4cef52"));
    nock("https://backup.example").post(`/v2/${KEY}`).reply(503, "Service Unavailable");
    const { lines, logger } = captured();
    await checkEveryEndpointChain(["https://primary.example/", `https://backup.example/v2/${KEY}`], 5042002, logger);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string; endpoint: number }).endpoint)).to.deep.equal([2]);
    expect(lines.join("")).not.to.contain(KEY);
  });
});

function captured(): { readonly lines: string[]; readonly logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  return { lines, logger: createLogger("info", { write: (line: string) => void lines.push(line) }) };
}
