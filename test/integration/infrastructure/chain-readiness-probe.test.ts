import { expect } from "chai";
import nock from "nock";
import { EthersChainReader } from "../../../src/adapters/chain/ethers-chain-reader.adapter";
import { RpcEndpointFailover } from "../../../src/adapters/shared/rpc-endpoint-failover";
import { chainReadinessProbe } from "../../../src/infrastructure/chain-runtime";
import { CheckReadiness } from "../../../src/application/use-cases/health/check-readiness.use-case";

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
        const block = {
          number: "0x10",
          hash: "0x" + "ab".repeat(32),
          parentHash: "0x" + "cd".repeat(32),
          timestamp: "0x6745a1c0",
        };
        return [
          {
            jsonrpc: "2.0",
            id: call.id,
            result: {
              ...block,
              transactions: [],
              gasLimit: "0x1c9c380",
              gasUsed: "0x0",
              miner: "0x" + "00".repeat(20),
              extraData: "0x",
              baseFeePerGas: "0x1",
              difficulty: "0x0",
              nonce: "0x0000000000000000",
            },
          },
        ];
      });
    try {
      const readiness = await new CheckReadiness([chainReadinessProbe(reader, endpoints)]).execute();
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
