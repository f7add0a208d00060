import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { loadConfig } from "../../../src/infrastructure/config/config";

const errors = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return E.isLeft(config) ? config.left : [];
};

describe("Sui configuration", () => {
  const key = new Ed25519Keypair().getSecretKey();

  it("defaults to the embedded Sui ledger on ALT_PORT 3001 with SUI verified", () => {
    const config = loadConfig({});
    expect(E.isRight(config) && config.right.env).to.deep.include({ ALT_PORT: 3001, SUI_GRAPHQL_URL: undefined });
    expect(E.isRight(config) && config.right.env.SUI_VERIFIED_COINS).to.deep.equal([`0x${"0".repeat(63)}2::sui::SUI`]);
  });

  it("refuses an endpoint without registry, package and key, naming each missing variable", () => {
    const messages = errors({ SUI_GRAPHQL_URL: "https://graphql.testnet.sui.io/graphql" });
    expect(messages.map((m) => m.split(":")[0])).to.deep.equal([
      "SUI_REGISTRY_ID",
      "SUI_PACKAGE_ID",
      "SUI_ORACLE_PRIVATE_KEY",
    ]);
    const one = errors({
      SUI_GRAPHQL_URL: "https://graphql.testnet.sui.io/graphql",
      SUI_REGISTRY_ID: "0x5",
      SUI_PACKAGE_ID: "0x6",
    });
    expect(one).to.have.length(1);
    expect(one[0]).to.match(/^SUI_ORACLE_PRIVATE_KEY: required with SUI_GRAPHQL_URL/);
  });

  it("accepts a complete endpoint configuration with a suiprivkey key", () => {
    const config = loadConfig({
      SUI_GRAPHQL_URL: "https://graphql.testnet.sui.io/graphql",
      SUI_REGISTRY_ID: "0x5",
      SUI_PACKAGE_ID: "0x6",
      SUI_ORACLE_PRIVATE_KEY: key,
    });
    expect(E.isRight(config) && config.right.env.SUI_REGISTRY_ID).to.equal(`0x${"0".repeat(63)}5`);
  });

  it("names SUI_GRPC_URL (this build speaks GraphQL) and the missing variables", () => {
    const messages = errors({ SUI_GRPC_URL: "https://fullnode.testnet.sui.io" });
    expect(messages.map((m) => m.split(":")[0])).to.deep.equal([
      "SUI_GRPC_URL",
      "SUI_REGISTRY_ID",
      "SUI_PACKAGE_ID",
      "SUI_ORACLE_PRIVATE_KEY",
    ]);
  });

  it("refuses a malformed oracle key without echoing it", () => {
    const messages = errors({ SUI_ORACLE_PRIVATE_KEY: "suiprivkeynotakey" });
    expect(messages).to.have.length(1);
    expect(messages[0]).to.contain("SUI_ORACLE_PRIVATE_KEY=<redacted>");
    expect(messages[0]).to.not.contain("notakey");
  });

  it("decodes the daily write budget (default 5 SUI in MIST; 0 allowed) and names a bad one", () => {
    const config = loadConfig({});
    expect(E.isRight(config) && config.right.env.SUI_WRITE_BUDGET_MIST_PER_DAY).to.equal(5_000_000_000);
    const off = loadConfig({ SUI_WRITE_BUDGET_MIST_PER_DAY: "0" });
    expect(E.isRight(off) && off.right.env.SUI_WRITE_BUDGET_MIST_PER_DAY).to.equal(0);
    for (const bad of ["-1", "5 SUI", "1.5", String(2 ** 53)]) {
      const messages = errors({ SUI_WRITE_BUDGET_MIST_PER_DAY: bad });
      expect(messages, bad).to.have.length(1);
      expect(messages[0]).to.match(/^SUI_WRITE_BUDGET_MIST_PER_DAY=/);
    }
  });
});
