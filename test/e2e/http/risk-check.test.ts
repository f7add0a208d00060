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
});
