import { expect } from "chai";
import { appWorld, type AppWorld } from "../http/support/app-world";
import { postJson } from "../http/support/http-client";
import { mcpSession, type McpSession } from "./support/mcp-session";
import { PERMIT2_SINGLE_TYPES } from "../../support/permit2-types";

/** The MCP server as `npm run mcp` starts it, driven by the MCP SDK's own client over stdio (issue 19 item 7). */
describe("npm run mcp: the Credence MCP server", function () {
  this.timeout(120_000);
  let w: AppWorld;
  let mcp: McpSession;
  const call = (name: string, args: Record<string, unknown>) => mcp.call(name, args);

  before(async () => {
    w = await appWorld();
    // Room for one 1000-unit answer, not two.
    mcp = await mcpSession({ baseUrl: w.url, payerKey: w.payer.privateKey, spendLimitAtomic: 1500n });
  });

  after(async () => {
    await mcp?.close();
  });

  it("lists its seven tools", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).to.deep.equal([
      "check_ladder",
      "check_payee",
      "risk_check",
      "scan_transaction",
      "scan_typed_data",
      "score_address",
      "verify_attestation",
    ]);
  });

  it("score_address buys a seeded token's score through x402, says what it paid, then stops at the spend limit", async () => {
    const payerBefore = await w.usdcBalance(w.payer.address);
    const first = await call("score_address", { address: w.manifest.healthyToken });
    expect(first.status).to.equal(200);
    expect(first.answer).to.include({ address: w.manifest.healthyToken, contractType: "ERC-20", pricing: "paid" });
    expect(first.answer.score).to.be.a("number");
    expect(first.payment).to.include({ amountAtomic: "1000", network: `eip155:${w.chainId}`, outcome: "settled" });
    expect(first.payment.transaction).to.match(/^0x[0-9a-f]{64}$/);
    expect(first.paid).to.equal(`1000 atomic units of ${first.payment.asset}`);
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerBefore - 1000n);

    const second = await call("score_address", { address: w.manifest.healthyToken });
    expect(second.status).to.equal(402);
    expect(second.answer.error).to.equal("spend_limit_reached");
    expect(second.paid).to.equal("nothing");
    expect(await w.usdcBalance(w.payer.address)).to.equal(payerBefore - 1000n);
  });

  it("risk_check, check_ladder and verify_attestation answer through the HTTP API", async () => {
    const risk = await call("risk_check", { address: w.manifest.healthyToken });
    expect(risk.status).to.equal(200);
    expect(risk.body).to.include({ checked: true });
    expect(risk.body.jws).to.be.a("string");

    const ladder = await call("check_ladder", { wallet: w.manifest.longLivedWallet, ladderPreset: "example_lending" });
    expect(ladder.status).to.equal(200);
    expect(ladder.body.allowed).to.be.a("boolean");

    const attest = await postJson(w.url + "/api/gating/attest", {
      subject: w.manifest.longLivedWallet,
      useClass: "display",
    });
    const verified = await call("verify_attestation", {
      attestation: attest.body.attestation,
      expectedSubject: w.manifest.longLivedWallet,
      expectedChainId: w.chainId,
    });
    expect(verified.body).to.include({ valid: true });
  });

  it("check_payee answers through the HTTP API (the service's own loopback route: refused by the outbound guard)", async () => {
    // Impostor and real USDC challenges: test/integration/adapters/risk-check/check-payee.test.ts (a local 402 server).
    const payee = await call("check_payee", { resource: `${w.url}/api/oracle/${w.manifest.healthyToken}` });
    expect(payee).to.deep.equal({
      status: 400,
      body: { error: "invalid_resource", reason: "destination address is not public" },
    });
  });

  it("scan_transaction and scan_typed_data check what an agent is about to sign (issue 31)", async () => {
    const roles = w.manifest.walletProtection;
    const approve = `0x095ea7b3${roles.drainer.slice(2).padStart(64, "0")}${"f".repeat(64)}`;
    const tx = await call("scan_transaction", {
      chainId: w.chainId,
      from: roles.approvalsVictim,
      to: w.manifest.contracts.usdc,
      data: approve,
    });
    expect(tx.status).to.equal(200);
    expect(tx.body.verdict).to.equal("malicious");
    // The risk check takes the same transaction: the payee's score and the scan's verdict in one signed answer.
    const checked = await call("risk_check", {
      address: roles.drainer,
      transaction: { chainId: w.chainId, from: roles.approvalsVictim, to: w.manifest.contracts.usdc, data: approve },
    });
    expect(checked.status).to.equal(200);
    expect(checked.body.transactionScan.verdict).to.equal("malicious");
    const typedData = {
      types: PERMIT2_SINGLE_TYPES,
      primaryType: "PermitSingle",
      domain: { name: "Permit2", chainId: w.chainId, verifyingContract: "0x000000000022D473030F116dDEE9F6B43aC78BA3" },
      message: {
        details: { token: w.manifest.contracts.usdc, amount: "1000000", expiration: "1900000000", nonce: "0" },
        spender: roles.drainer,
        sigDeadline: "1900000000",
      },
    };
    const signed = await call("scan_typed_data", { address: roles.approvalsVictim, typedData });
    expect(signed.body.verdict).to.equal("malicious");
    expect(signed.body.grants[0]).to.include({ spender: roles.drainer, amount: "1000000" });
  });

  it("refuses malformed arguments without calling anything", async () => {
    const result = (await mcp.client.callTool({ name: "risk_check", arguments: { address: "0x12" } })) as {
      isError?: boolean;
    };
    expect(result.isError).to.equal(true);
  });
});
