import { expect } from "chai";
import type { PaymentRequirements } from "@x402/core/types";
import { changedTerms } from "../../../scripts/mcp/payment-terms";

describe("MCP payment terms", () => {
  const checked: PaymentRequirements = {
    scheme: "exact",
    network: "eip155:5042002",
    asset: "0x3600000000000000000000000000000000000000",
    amount: "1000",
    payTo: "0xAbCdEf0000000000000000000000000000000001",
    maxTimeoutSeconds: 60,
    extra: {},
  };

  it("names each money term that changed, and nothing for another timeout or checksum case", () => {
    expect(
      changedTerms(checked, { ...checked, maxTimeoutSeconds: 5, payTo: checked.payTo.toLowerCase() }),
    ).to.deep.equal([]);
    expect(changedTerms(checked, { ...checked, payTo: "0x0000000000000000000000000000000000000bad" })).to.deep.equal([
      "payTo",
    ]);
    expect(changedTerms(checked, { ...checked, amount: "999", network: "eip155:1" })).to.deep.equal([
      "network",
      "amount",
    ]);
    expect(changedTerms(checked, undefined)).to.have.length(5);
  });

  it("compares a non-hex address case-sensitively", () => {
    const solana = { ...checked, payTo: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" };
    expect(changedTerms(solana, { ...solana, payTo: solana.payTo.toLowerCase() })).to.deep.equal(["payTo"]);
  });
});
