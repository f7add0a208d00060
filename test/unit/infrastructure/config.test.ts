import { expect } from "chai";
import * as E from "fp-ts/Either";
import { loadConfig } from "../../../src/infrastructure/config/config";

describe("configuration", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(E.isRight(config)).to.equal(true);
    if (E.isLeft(config)) return;
    expect(config.right.env.PORT).to.equal(3000);
    expect(config.right.env.HOST).to.equal("127.0.0.1");
    expect(config.right.env.WIDGET_RATE_LIMIT_PER_MINUTE).to.equal(8);
    expect(config.right.env.BATCH_RATE_LIMIT_PER_MINUTE).to.equal(30);
    expect(config.right.chainMode).to.equal("embedded");
  });

  const production = {
    RPC_URL: "https://rpc.testnet.arc.network/",
    PAYMENT_PAY_TO: "0x00000000000000000000000000000000000c0ffe",
    PAYMENT_SETTLEMENT_PRIVATE_KEY: "0x" + "ab".repeat(32),
    DATABASE_URL: "postgres://root@127.0.0.1:5432/test",
    ATTESTATION_PRIVATE_KEY: "0x" + "cd".repeat(32),
    GUARD_SECRET_KEY: "ef".repeat(32),
    WEBHOOK_SIGNING_KEY: "12".repeat(32),
  };

  it("decodes WELL_KNOWN_TOKENS (address or SYMBOL:address entries) and refuses a bad one by name", () => {
    const none = loadConfig({});
    expect(E.isRight(none) && none.right.env.WELL_KNOWN_TOKENS).to.deep.equal([]);
    const listed = loadConfig({
      WELL_KNOWN_TOKENS: " WBTC:0x00000000000000000000000000000000000000Aa ,0x00000000000000000000000000000000000000bb",
    });
    expect(E.isRight(listed) && listed.right.env.WELL_KNOWN_TOKENS).to.deep.equal([
      { address: "0x00000000000000000000000000000000000000aa", symbol: "WBTC" },
      { address: "0x00000000000000000000000000000000000000bb", symbol: null },
    ]);
    for (const bad of ["WBTC:0x12", "W BTC:0x00000000000000000000000000000000000000aa", "nonsense"]) {
      const refused = loadConfig({ WELL_KNOWN_TOKENS: bad });
      expect(E.isLeft(refused) && refused.left[0], bad).to.match(/^WELL_KNOWN_TOKENS=/);
    }
    const twice = loadConfig({
      WELL_KNOWN_TOKENS: "A:0x00000000000000000000000000000000000000aa,B:0x00000000000000000000000000000000000000AA",
    });
    expect(E.isLeft(twice) && twice.left[0]).to.include("listed twice");
  });

  it("switches to RPC mode when RPC_URL is set", () => {
    const config = loadConfig(production);
    expect(E.isRight(config) && config.right.chainMode).to.equal("rpc");
    expect(E.isRight(config) && config.right.env.RPC_URL).to.deep.equal(["https://rpc.testnet.arc.network"]);
  });

  it("decodes RPC_URL as a comma-separated list of http(s) URLs, in order", () => {
    const config = loadConfig({
      ...production,
      RPC_URL: "https://a.example/v2/KEY1 , http://user:pw@b.example:8545/?apikey=KEY2",
    });
    expect(E.isRight(config) && config.right.env.RPC_URL).to.deep.equal([
      "https://a.example/v2/KEY1",
      "http://user:pw@b.example:8545/?apikey=KEY2",
    ]);
  });

  it("refuses a bad RPC_URL entry by its position, without echoing any entry (they carry API keys)", () => {
    for (const [raw, why] of [
      ["https://a.example/v2/SECRETKEY,ftp://b.example/SECRETKEY", "entry 2 of 2 is not an http(s) URL"],
      ["https://a.example/v2/SECRETKEY,,https://c.example", "entry 2 of 3 is not an http(s) URL"],
      ["not a url SECRETKEY", "entry 1 of 1 is not an http(s) URL"],
      ["https://a.example/SECRETKEY,https://a.example/SECRETKEY/", "entry 2 repeats entry 1"],
    ] as const) {
      const config = loadConfig({ ...production, RPC_URL: raw });
      expect(E.isLeft(config) && config.left).to.deep.equal([`RPC_URL=<redacted>: ${why}`]);
    }
  });

  it("outside the embedded default, refuses to start without a payee, a settlement key and a database", () => {
    const config = loadConfig({ RPC_URL: production.RPC_URL });
    expect(E.isLeft(config) && config.left.map((m) => m.split(":")[0])).to.deep.equal([
      "PAYMENT_PAY_TO",
      "PAYMENT_SETTLEMENT_PRIVATE_KEY",
      "DATABASE_URL",
      "ATTESTATION_PRIVATE_KEY is required outside the embedded default",
      "GUARD_SECRET_KEY",
      "WEBHOOK_SIGNING_KEY",
    ]);
    const facilitator = loadConfig({ ...production, PAYMENT_MODE: "facilitator" });
    expect(E.isLeft(facilitator) && facilitator.left[0]).to.match(/^PAYMENT_FACILITATOR_URL/);
  });

  it("outside the embedded default, refuses a settlement key or payee of the public development mnemonic (issue 13 item 10)", () => {
    const config = loadConfig({
      ...production,
      // Hardhat/Anvil account #0's key and account #1's address: anyone can sign for them.
      PAYMENT_SETTLEMENT_PRIVATE_KEY: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
      PAYMENT_PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    });
    expect(E.isLeft(config) && config.left.map((m) => m.split(":")[0])).to.deep.equal([
      "PAYMENT_SETTLEMENT_PRIVATE_KEY",
      "PAYMENT_PAY_TO",
    ]);
    expect(E.isLeft(config) && config.left.join(" ")).not.to.include(
      "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    );
  });

  it("Protocol Guard variables: defaults, and bad values named without echoing secrets", () => {
    const defaults = loadConfig({});
    expect(E.isRight(defaults) && defaults.right.env.DELIVERY_RETRY_BASE_MS).to.equal(1000);
    expect(E.isRight(defaults) && defaults.right.env.OUTBOUND_ALLOWLIST).to.deep.equal([]);
    expect(E.isRight(defaults) && defaults.right.guardKeys.generated).to.equal(true);
    const set = loadConfig({
      OUTBOUND_ALLOWLIST: "127.0.0.1, 10.0.0.0/8,hooks.internal",
      DELIVERY_RETRY_BASE_MS: "25",
    });
    expect(E.isRight(set) && set.right.env.OUTBOUND_ALLOWLIST).to.deep.equal([
      "127.0.0.1",
      "10.0.0.0/8",
      "hooks.internal",
    ]);
    const bad = loadConfig({
      DELIVERY_RETRY_BASE_MS: "0",
      OUTBOUND_ALLOWLIST: "a b",
      SMTP_URL: "http://mail",
      GUARD_SECRET_KEY: "short-secret",
      WEBHOOK_SIGNING_KEY: "not-a-key",
    });
    const messages = E.isLeft(bad) ? bad.left : [];
    expect(messages.map((m) => m.split("=")[0]?.split(":")[0])).to.deep.equal([
      "DELIVERY_RETRY_BASE_MS",
      "OUTBOUND_ALLOWLIST",
      "SMTP_URL",
      "GUARD_SECRET_KEY",
      "WEBHOOK_SIGNING_KEY",
    ]);
    expect(messages.join(" ")).not.to.contain("short-secret").and.not.contain("not-a-key");
  });

  it("GUARD_BLOCK_MAX_ATTEMPTS: 5 by default, 1..100, anything else refused by name", () => {
    const attempts = (value?: string) => {
      const config = loadConfig(value === undefined ? {} : { GUARD_BLOCK_MAX_ATTEMPTS: value });
      return E.isRight(config) ? config.right.env.GUARD_BLOCK_MAX_ATTEMPTS : config.left.map((m) => m.split(/[=:]/)[0]);
    };
    expect([attempts(), attempts("1"), attempts("100")]).to.deep.equal([5, 1, 100]);
    for (const bad of ["0", "101", "two", "2.5"]) expect(attempts(bad)).to.deep.equal(["GUARD_BLOCK_MAX_ATTEMPTS"]);
  });

  it("GUARD_WORK_QUEUE: inline by default; pg-boss only with DATABASE_URL; GUARD_JOB_HEARTBEAT_SECONDS 10..300", () => {
    const names = (env: Record<string, string>) => {
      const config = loadConfig(env);
      return E.isRight(config)
        ? [config.right.env.GUARD_WORK_QUEUE, config.right.env.GUARD_JOB_HEARTBEAT_SECONDS]
        : config.left.map((m) => m.split(/[=:]/)[0]);
    };
    expect(names({})).to.deep.equal(["inline", 10]);
    expect(names({ GUARD_WORK_QUEUE: "pg-boss", DATABASE_URL: production.DATABASE_URL })).to.deep.equal([
      "pg-boss",
      10,
    ]);
    expect(names({ GUARD_WORK_QUEUE: "pg-boss" })).to.deep.equal(["GUARD_WORK_QUEUE"]);
    expect(names({ GUARD_WORK_QUEUE: "nats" })).to.deep.equal(["GUARD_WORK_QUEUE"]);
    expect(names({ GUARD_JOB_HEARTBEAT_SECONDS: "30" })).to.deep.equal(["inline", 30]);
    for (const bad of ["9", "301", "ten"])
      expect(names({ GUARD_JOB_HEARTBEAT_SECONDS: bad })).to.deep.equal(["GUARD_JOB_HEARTBEAT_SECONDS"]);
  });

  it("CHAIN_POLL_MS: 1000 by default, 100..60000, anything else refused by name", () => {
    const poll = (value?: string) => {
      const config = loadConfig(value === undefined ? {} : { CHAIN_POLL_MS: value });
      return E.isRight(config) ? config.right.env.CHAIN_POLL_MS : config.left.map((m) => m.split(/[=:]/)[0]);
    };
    expect([poll(), poll("100"), poll("250"), poll("60000")]).to.deep.equal([1000, 100, 250, 60_000]);
    for (const bad of ["99", "60001", "fast", "0.5"]) expect(poll(bad)).to.deep.equal(["CHAIN_POLL_MS"]);
  });

  it("REORG_MAX_DEPTH: 64 by default, 1..10000, anything else refused by name", () => {
    const depth = (value?: string) => {
      const config = loadConfig(value === undefined ? {} : { REORG_MAX_DEPTH: value });
      return E.isRight(config) ? config.right.env.REORG_MAX_DEPTH : config.left.map((m) => m.split(/[=:]/)[0]);
    };
    expect([depth(), depth("1"), depth("10000")]).to.deep.equal([64, 1, 10_000]);
    for (const bad of ["0", "10001", "deep", "-3"]) expect(depth(bad)).to.deep.equal(["REORG_MAX_DEPTH"]);
  });

  it("names every bad variable", () => {
    const config = loadConfig({ PORT: "http", TRUSTED_PROXIES: "10.0.0.1,not-an-ip", LOG_LEVEL: "loud" });
    expect(E.isLeft(config)).to.equal(true);
    if (E.isRight(config)) return;
    expect(config.left).to.have.length(3);
    expect(config.left[0]).to.match(/^PORT="http": expected an integer/);
    expect(config.left.join("\n")).to.contain('TRUSTED_PROXIES="10.0.0.1,not-an-ip": "not-an-ip" is not an IP address');
    expect(config.left.join("\n")).to.contain("LOG_LEVEL");
  });
});
