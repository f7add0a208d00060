import { expect } from "chai";
import { verifyTypedData, type TypedDataDomain } from "ethers";
import { appWorld, type AppWorld } from "./support/app-world";
import { corsHeaders, postJson, type JsonResponse } from "./support/http-client";

/** A browser-like origin: gating must still answer without any CORS header. */
const ORIGIN = { Origin: "https://third-party.example" };

describe("HTTP e2e: gating (attest, verify, check)", function () {
  this.timeout(120_000);
  let w: AppWorld;
  const responses: JsonResponse[] = [];
  const post = async (path: string, body: unknown) => {
    const res = await postJson(w.url + path, body, ORIGIN);
    responses.push(res);
    return res;
  };
  const check = (wallet: string, extra: Record<string, unknown> = {}) =>
    post("/api/gating/check", { wallet, ladderPreset: "example_lending", ...extra });

  before(async () => {
    w = await appWorld();
  });

  it("attests longLivedWallet (201, free) and verifies it; a tampered score fails verification", async () => {
    const subject = w.manifest.longLivedWallet;
    const attest = await post("/api/gating/attest", {
      subject,
      subjectType: "wallet",
      useClass: "governance",
      chainId: w.chainId,
      ttlSeconds: 3600,
    });
    expect(attest.status).to.equal(201);
    expect(attest.body.pricing).to.equal("free");
    expect(attest.body.disclaimer).to.be.a("string").and.not.empty;
    const attestation = attest.body.attestation as Record<string, unknown>;
    expect(attestation).to.include({
      subject,
      subjectType: "wallet",
      useClass: "governance",
      chainId: w.chainId,
      scoringVersion: "testnet-wallet-v1.0",
    });
    expect(attestation.score).to.be.a("number");

    const verified = await post("/api/gating/verify", {
      attestation,
      expectedSubject: subject,
      expectedChainId: w.chainId,
    });
    expect(verified.status).to.equal(200);
    expect(verified.body).to.include({ valid: true });
    expect(verified.body.reasons).to.deep.equal([]);

    const tampered = { ...attestation, score: (attestation.score as number) === 100 ? 99 : 100 };
    const refused = await post("/api/gating/verify", {
      attestation: tampered,
      expectedSubject: subject,
      expectedChainId: w.chainId,
    });
    expect(refused.status).to.equal(200);
    expect(refused.body.valid).to.equal(false);
    expect(refused.body.reasons).to.be.an("array").that.is.not.empty;
  });

  it("refuses to sign for a chain it does not score: 400 invalid_chain_id (issue 13 item 4)", async () => {
    const res = await post("/api/gating/attest", {
      subject: w.manifest.longLivedWallet,
      useClass: "governance",
      chainId: 1,
    });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: "invalid_chain_id" });
  });

  it("verify reports useClass and refuses another expected use class (use_class_mismatch)", async () => {
    const subject = w.manifest.longLivedWallet;
    const attest = await post("/api/gating/attest", { subject, useClass: "governance" });
    const attestation = attest.body.attestation as Record<string, unknown>;
    const same = await post("/api/gating/verify", {
      attestation,
      expectedSubject: subject,
      expectedChainId: w.chainId,
      expectedUseClass: "governance",
    });
    expect(same.body).to.include({ valid: true, useClass: "governance", chainId: w.chainId });
    const other = await post("/api/gating/verify", {
      attestation,
      expectedSubject: subject,
      expectedChainId: w.chainId,
      expectedUseClass: "financial_high",
    });
    expect(other.body).to.include({ valid: false, useClass: "governance" });
    expect(other.body.reasons).to.deep.equal(["use_class_mismatch"]);
    const bad = await post("/api/gating/verify", {
      attestation,
      expectedSubject: subject,
      expectedChainId: w.chainId,
      expectedUseClass: "everything",
    });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.equal({ error: "invalid_use_class" });
  });

  it("an attestation verifies with plain ethers from its own domain and the published types (issue 13 item 5)", async () => {
    const schemaRes = await fetch(`${w.url}/api/gating/schema`);
    const schema = (await schemaRes.json()) as {
      domain: unknown;
      types: Record<string, Array<{ name: string; type: string }>>;
      issuer: { address: string };
    };
    expect(schema.domain).to.deep.equal({ name: "Credence Attestation", version: "1", chainId: w.chainId });
    const attest = await post("/api/gating/attest", { subject: w.manifest.longLivedWallet, useClass: "display" });
    const attestation = attest.body.attestation as Record<string, unknown> & {
      domain: TypedDataDomain;
      signature: string;
    };
    expect(attestation.domain).to.deep.equal(schema.domain);
    const signer = verifyTypedData(attestation.domain, schema.types, attestation, attestation.signature);
    expect(signer.toLowerCase()).to.equal(schema.issuer.address.toLowerCase());
    expect(
      verifyTypedData(attestation.domain, schema.types, { ...attestation, score: 1 }, attestation.signature),
    ).to.not.equal(signer);
    // The domain it carries is part of what verify checks: a relying party cannot be handed another chain's.
    const moved = { ...attestation, domain: { ...attestation.domain, chainId: 1 } };
    const refused = await post("/api/gating/verify", {
      attestation: moved,
      expectedSubject: w.manifest.longLivedWallet,
      expectedChainId: w.chainId,
    });
    expect(refused.body.reasons).to.deep.equal(["malformed"]);
  });

  it("example_lending allows longLivedWallet and refuses freshWallet and a wash trader", async () => {
    const good = await check(w.manifest.longLivedWallet);
    expect(good.status).to.equal(200);
    expect(good.body).to.include({
      allowed: true,
      allowedByCallerLadder: true,
      policySource: "caller_ladder",
      scoreIsAuthoritative: true,
    });
    expect(good.body.attestation).to.be.an("object");
    expect(good.body.guidance).to.be.a("string");
    for (const wallet of [w.manifest.freshWallet, w.manifest.washTraders[0]!]) {
      const res = await check(wallet);
      expect(res.status, wallet).to.equal(200);
      expect(res.body, wallet).to.include({
        allowed: false,
        allowedByCallerLadder: false,
        policySource: "caller_ladder",
      });
    }
  });

  it("refuses a preset in mainnet mode with 400 ladder_preset_forbidden", async () => {
    const res = await check(w.manifest.longLivedWallet, { network: "mainnet" });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: "ladder_preset_forbidden" });
  });

  it("refuses a contract as a wallet and a wallet as a token, instead of attesting the wrong kind", async () => {
    for (const contract of [w.manifest.contracts.usdc, w.manifest.healthyToken, w.manifest.nftOrganic]) {
      const res = await check(contract);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ error: "invalid_wallet" });
    }
    const tokenAsWallet = await post("/api/gating/attest", {
      subject: w.manifest.healthyToken,
      subjectType: "wallet",
      useClass: "display",
    });
    expect(tokenAsWallet.status).to.equal(400);
    expect(tokenAsWallet.body).to.deep.equal({ error: "invalid_subject" });
    const walletAsToken = await post("/api/gating/attest", {
      subject: w.manifest.longLivedWallet,
      subjectType: "token",
      useClass: "display",
    });
    expect(walletAsToken.status).to.equal(400);
    expect(walletAsToken.body).to.deep.equal({ error: "invalid_subject" });
    const token = await post("/api/gating/attest", {
      subject: w.manifest.healthyToken,
      subjectType: "token",
      useClass: "display",
    });
    expect(token.status).to.equal(201);
    expect(token.body.attestation.scoringVersion).to.equal("testnet-token-v1.0");
  });

  it("sent no CORS header on any gating response", () => {
    expect(responses.length).to.be.greaterThan(5);
    for (const res of responses) expect(corsHeaders(res.headers)).to.deep.equal([]);
  });
});
