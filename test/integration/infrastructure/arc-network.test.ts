import { expect } from "chai";
import * as E from "fp-ts/Either";
import nock from "nock";
import pino from "pino";
import { challengeBody, v2PaymentRequired } from "../../../src/domain/payment/payment-challenge";
import { paymentTerms } from "../../../src/infrastructure/modules/payment.module";
import { startChainRuntime } from "../../../src/infrastructure/chain-runtime";
import { loadConfig, type Config } from "../../../src/infrastructure/config/config";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { emptyRpcBlock } from "../../support/rpc-block";

const NODE = "http://arc-node.test";
const production = {
  RPC_URL: `${NODE}/`,
  EXPLORER_API_URL: "http://arcscan.test/api",
  PAYMENT_PAY_TO: "0x00000000000000000000000000000000000c0ffe",
  PAYMENT_SETTLEMENT_PRIVATE_KEY: "0x" + "ab".repeat(32),
  ATTESTATION_PRIVATE_KEY: "0x" + "cd".repeat(32),
  GUARD_SECRET_KEY: "ef".repeat(32),
  WEBHOOK_SIGNING_KEY: "12".repeat(32),
};

interface RpcCall {
  readonly id: number;
  readonly method: string;
}

/** A node at block 0 with no transactions, answering `eth_chainId` with `chainId`. */
function arcNode(chainId: number) {
  const block = emptyRpcBlock({
    number: "0x0",
    hash: "0x" + "11".repeat(32),
    parentHash: "0x" + "00".repeat(32),
    timestamp: "0x68c9a000",
  });
  const answer = (call: RpcCall) => {
    const results: Record<string, unknown> = {
      eth_chainId: "0x" + chainId.toString(16),
      net_version: String(chainId),
      eth_blockNumber: "0x0",
      eth_getBlockByNumber: block,
      eth_getLogs: [],
      eth_getBlockReceipts: [],
    };
    return call.method in results
      ? { jsonrpc: "2.0", id: call.id, result: results[call.method] }
      : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: `no ${call.method}` } };
  };
  nock(NODE)
    .persist()
    .post(/.*/)
    .reply(200, (_uri, body) =>
      Array.isArray(body) ? body.map((c) => answer(c as RpcCall)) : answer(body as RpcCall),
    );
}

function configOf(env: Record<string, string>): Config {
  const config = loadConfig(env);
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  return config.right;
}

describe("ARC_NETWORK (issue 33 item 3)", () => {
  // Production with DATABASE_URL: the chain runtime reads the blocks one follower publishes (migrated tables).
  let schema: MigratedSchema;
  before(async () => {
    schema = await migratedSchema("arc_network", 2);
  });
  after(() => schema.drop());
  afterEach(() => nock.cleanAll());

  it("testnet is the default: chain 5042002, arc-testnet, Circle's USDC", () => {
    const { env } = configOf({});
    expect([env.ARC_NETWORK, env.CHAIN_ID, env.PAYMENT_NETWORK, env.PAYMENT_ASSET]).to.deep.equal([
      "testnet",
      5042002,
      "arc-testnet",
      "0x3600000000000000000000000000000000000000",
    ]);
  });

  it("refuses a CHAIN_ID or PAYMENT_NETWORK of the other Arc network, naming both", () => {
    const mixed = loadConfig({ ARC_NETWORK: "mainnet", CHAIN_ID: "5042002", PAYMENT_NETWORK: "arc-testnet" });
    expect(E.isLeft(mixed) && mixed.left).to.deep.equal([
      "CHAIN_ID=5042002: Arc testnet, but ARC_NETWORK=mainnet (chain 5042)",
      "PAYMENT_NETWORK=arc-testnet: Arc testnet, but ARC_NETWORK=mainnet",
    ]);
    const bad = loadConfig({ ARC_NETWORK: "devnet" });
    expect(E.isLeft(bad) && bad.left[0]).to.match(/^ARC_NETWORK="devnet"/);
  });

  it("mainnet with a node answering chain id 5042 starts and publishes the mainnet challenge", async () => {
    arcNode(5042);
    const config = configOf({ ...production, DATABASE_URL: schema.url, ARC_NETWORK: "mainnet" });
    const runtime = await startChainRuntime(config, pino({ level: "silent" }));
    try {
      expect(runtime.chainId).to.equal(5042);
      const terms = paymentTerms(config, runtime);
      const resource = "https://credence.example/api/oracle/0xabc";
      const v1 = challengeBody(terms, resource);
      expect(v1.accepts[0]).to.include({ network: "arc", asset: "0x3600000000000000000000000000000000000000" });
      expect(v1.chainId).to.equal(5042);
      expect(v2PaymentRequired(terms, resource).accepts[0]).to.include({
        network: "eip155:5042",
        asset: "0x3600000000000000000000000000000000000000",
      });
    } finally {
      await runtime.close();
    }
  });

  it("mainnet with a node answering 5042002 refuses to start, naming both chain ids", async () => {
    arcNode(5042002);
    const config = configOf({ ...production, DATABASE_URL: schema.url, ARC_NETWORK: "mainnet" });
    let refused: unknown = null;
    try {
      const runtime = await startChainRuntime(config, pino({ level: "silent" }));
      await runtime.close();
    } catch (error) {
      refused = error;
    }
    expect(String(refused)).to.match(/serves chain 5042002, but CHAIN_ID is 5042 \(ARC_NETWORK=mainnet\)/);
  });
});
