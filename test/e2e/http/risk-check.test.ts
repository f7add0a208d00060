import { createHash } from "node:crypto";
import { expect } from "chai";
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson, postJson } from "./support/http-client";

describe("HTTP e2e: x402 risk-check provider (issue 19 item 5)", function () {
  this.timeout(120_000);
  let w: AppWorld;

  before(async () => {
    w = await appWorld();
  });

  it("publishes the discovery document and an ES256 JWK set", async () => {
    const discovery = await getJson(w.url + "/.well-known/risk-check.json");
    expect(discovery.status).to.equal(200);
    expect(discovery.body).to.include({ name: "Credence", endpoint: "/api/risk-check", method: "POST" });
    expect(discovery.body).to.not.have.property("pricing"); // free: the spec's pricing is an object when present
    expect(discovery.body.attestation).to.include({ algorithm: "ES256", jwks_url: `${w.url}/.well-known/jwks.json` });
    expect(discovery.body.chains_supported).to.deep.equal([`eip155:${w.chainId}`, "arc-testnet"]);
    const jwks = await getJson(w.url + "/.well-known/jwks.json");
    expect(jwks.status).to.equal(200);
    expect(jwks.body.keys).to.have.length(1);
    expect(jwks.body.keys[0]).to.include({
      kty: "EC",
      crv: "P-256",
      alg: "ES256",
      kid: discovery.body.attestation.kid,
    });
    expect(jwks.body.keys[0]).to.not.have.property("d");
  });

  it("signs a result that jose alone verifies against the published JWK set (iss, sub, aud, exp ~1 h, input_hash)", async () => {
    const token = w.manifest.healthyToken;
    const audience = "https://resource.example/api/data";
    const res = await postJson(w.url + "/api/risk-check", { address: token, aud: audience });
    expect(res.status).to.equal(200);
    const result = res.body;
    expect(result.checked).to.equal(true);
    expect(result.score).to.be.a("number").within(0, 100);
    const expectedTier =
      result.score >= 80 ? "low" : result.score >= 60 ? "medium" : result.score >= 30 ? "high" : "critical";
    expect(result.tier).to.equal(expectedTier);
    expect(result.reasons).to.be.an("array").that.is.not.empty;

    const jwks = createLocalJWKSet((await getJson(result.jwks_url)).body);
    const { payload, protectedHeader } = await jwtVerify(result.jws, jwks, {
      algorithms: ["ES256"],
      issuer: result.provider,
      audience,
      subject: token.toLowerCase(),
    });
    expect(protectedHeader.alg).to.equal("ES256");
    expect(payload).to.include({ score: result.score, tier: result.tier });
    expect((payload.exp as number) - (payload.iat as number)).to.equal(3600);
    expect(payload.input_hash).to.match(/^sha256:[0-9a-f]{64}$/);
    const inputs = {
      address: token.toLowerCase(),
      chain: `eip155:${w.chainId}`,
      snapshotId: result.snapshotId,
      scoringVersion: "v1.0",
    };
    expect(payload.input_hash).to.equal(`sha256:${createHash("sha256").update(JSON.stringify(inputs)).digest("hex")}`);

    // One changed byte of the payload and the signature no longer holds.
    const [header, body, signature] = (result.jws as string).split(".");
    const forged = JSON.parse(Buffer.from(body!, "base64url").toString("utf8"));
    forged.score = 100;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    let refused = false;
    await compactVerify(tampered, jwks).catch(() => (refused = true));
    expect(refused).to.equal(true);
    expect(decodeProtectedHeader(result.jws).kid).to.equal((await getJson(result.jwks_url)).body.keys[0].kid);
  });

  it("a honeypot is critical or high with its flag among the reasons; bad input is a 400 code", async () => {
    const res = await postJson(w.url + "/api/risk-check", { address: w.manifest.honeypotToken });
    expect(res.status).to.equal(200);
    expect(["critical", "high"]).to.include(res.body.tier);
    expect((res.body.reasons as string[]).some((r) => r.startsWith("HONEYPOT"))).to.equal(true);
    expect((await postJson(w.url + "/api/risk-check", { address: "0x12" })).body).to.deep.equal({
      error: "invalid_address",
    });
    expect(
      (await postJson(w.url + "/api/risk-check", { address: w.manifest.honeypotToken, aud: "ftp://x" })).body,
    ).to.deep.equal({
      error: "invalid_audience",
    });
  });

  describe("with the transaction about to be signed (issue 31 item 6)", () => {
    const approveAll = (spender: string) => `0x095ea7b3${spender.slice(2).padStart(64, "0")}${"f".repeat(64)}`;

    it("answers the transaction scan's verdict for the seeded drainer approval, signed in the JWS", async () => {
      const roles = w.manifest.walletProtection;
      const transaction = {
        chainId: w.chainId,
        from: roles.approvalsVictim,
        to: w.manifest.contracts.usdc,
        data: approveAll(roles.drainer),
      };
      const [checked, scanned] = await Promise.all([
        postJson(w.url + "/api/risk-check", { address: roles.drainer, transaction }),
        postJson(w.url + "/api/scan/transaction", transaction),
      ]);
      expect(checked.status, JSON.stringify(checked.body)).to.equal(200);
      const scan = checked.body.transactionScan;
      expect(scan.verdict).to.equal("malicious");
      // The same use case as the scan route: same verdict, reasons and effects.
      expect(scan.verdict).to.equal(scanned.body.verdict);
      expect(scan.reasons.map((r: { code: string }) => r.code)).to.deep.equal(
        scanned.body.reasons.map((r: { code: string }) => r.code),
      );
      expect(scan.reasons.map((r: { code: string }) => r.code)).to.include("INTERACTS_WITH_DRAINER");
      expect(scan.approvals).to.deep.equal(scanned.body.approvals);
      // The address check is still the spec's: the drainer's own score and tier.
      expect(checked.body).to.include({ checked: true, address: roles.drainer });

      const jwks = createLocalJWKSet((await getJson(checked.body.jwks_url)).body);
      const { payload } = await jwtVerify(checked.body.jws, jwks, { algorithms: ["ES256"] });
      expect(payload).to.include({ transaction_verdict: "malicious" });
      expect(payload.transaction_reasons).to.deep.equal(scan.reasons.map((r: { code: string }) => r.code));
      const inputs = {
        address: roles.drainer.toLowerCase(),
        chain: `eip155:${w.chainId}`,
        snapshotId: checked.body.snapshotId,
        scoringVersion: "v1.0",
        transaction: {
          chainId: w.chainId,
          from: roles.approvalsVictim.toLowerCase(),
          to: w.manifest.contracts.usdc.toLowerCase(),
          value: "0",
          data: approveAll(roles.drainer).toLowerCase(),
          gas: null,
        },
      };
      expect(payload.input_hash).to.equal(
        `sha256:${createHash("sha256").update(JSON.stringify(inputs)).digest("hex")}`,
      );
    });

    it("without a transaction the answer carries no scan; a bad transaction object is a 400 code", async () => {
      const plain = await postJson(w.url + "/api/risk-check", { address: w.manifest.healthyToken });
      expect(plain.body).to.not.have.property("transactionScan");
      const address = w.manifest.healthyToken;
      const good = { chainId: w.chainId, from: address, to: address };
      const refused = async (transaction: unknown) => {
        const res = await postJson(w.url + "/api/risk-check", { address, transaction });
        return { status: res.status, body: res.body };
      };
      expect(await refused("0x00")).to.deep.equal({ status: 400, body: { error: "invalid_transaction" } });
      expect(await refused({ ...good, from: "0x12" })).to.deep.equal({
        status: 400,
        body: { error: "invalid_transaction" },
      });
      expect(await refused({ ...good, data: "0xzz" })).to.deep.equal({
        status: 400,
        body: { error: "invalid_transaction" },
      });
      expect(await refused({ ...good, chainId: w.chainId + 1 })).to.deep.equal({
        status: 400,
        body: { error: "invalid_chain_id" },
      });
      // Past the scan's 32 KB of calldata is past the 64 KiB body limit too: the body reader answers first.
      const large = await refused({ ...good, data: `0x${"00".repeat(40_000)}` });
      expect(large.status).to.equal(413);
      expect(large.body).to.include({ error: "payload_too_large" });
      const batch = await postJson(w.url + "/api/risk-check/batch", { requests: [{ address, transaction: good }] });
      expect({ status: batch.status, body: batch.body }).to.deep.equal({
        status: 400,
        body: { error: "transaction_not_batched", index: 0 },
      });
    });
  });
});
