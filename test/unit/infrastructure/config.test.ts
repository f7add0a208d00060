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

  it("switches to RPC mode when RPC_URL is set", () => {
    const config = loadConfig({ RPC_URL: "https://rpc.testnet.arc.network/" });
    expect(E.isRight(config) && config.right.chainMode).to.equal("rpc");
    expect(E.isRight(config) && config.right.env.RPC_URL).to.equal("https://rpc.testnet.arc.network");
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
