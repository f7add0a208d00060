import { createRequire } from "node:module";
import { expect } from "chai";
import type * as EasSdk from "@ethereum-attestation-service/eas-sdk";
import { appWorld, OPERATOR_KEY, PLATFORM_KEY, type AppWorld } from "./support/app-world";
import { getJson, postJson, type UncheckedJson } from "./support/http-client";

// Only the EAS SDK verifies here (its CommonJS build: the ESM build's lodash import fails under Node).
const eas = createRequire(import.meta.url)("@ethereum-attestation-service/eas-sdk") as typeof EasSdk;

/** A relying party's check with the EAS SDK alone, from what GET /api/gating/schema publishes. */
function verifiesWithEasSdk(schema: UncheckedJson, attestation: EasSdk.SignedOffchainAttestation): boolean {
  const domain = schema.eas.domain;
  const offchain = new eas.Offchain(
    { address: domain.verifyingContract, version: domain.version, chainId: BigInt(domain.chainId) },
    eas.OffchainAttestationVersion.Version2,
    new eas.EAS(domain.verifyingContract),
  );
  return offchain.verifyOffchainAttestationSignature(schema.eas.attester, attestation);
}

describe("HTTP e2e: EAS offchain attestations and revocation (issue 19 item 6)", function () {
  this.timeout(120_000);
  let w: AppWorld;
  let schema: UncheckedJson;
  const platform = { Authorization: `Bearer ${PLATFORM_KEY}` };
  const operator = { Authorization: `Bearer ${OPERATOR_KEY}` };

  before(async () => {
    w = await appWorld();
    schema = (await getJson(w.url + "/api/gating/schema")).body;
  });

  it("publishes the EAS schema, its UID (as the SchemaRegistry computes it) and the attester", () => {
    expect(schema.eas.schema).to.equal(
      "address subject,string useClass,uint8 score,string tier,uint8 confidence,bytes32 flagsHash,string scoringVersion",
    );
    expect(schema.eas.schemaUid).to.equal(
      eas.SchemaRegistry.getSchemaUID(schema.eas.schema, schema.eas.resolver, schema.eas.revocable),
    );
    expect(schema.eas.attester).to.equal(schema.issuer.address);
    expect(schema.eas.domain).to.include({ name: "EAS Attestation", chainId: w.chainId });
  });

  it("attest format eas: an EAS v2 attestation the SDK verifies, data decoding to the score, expiry from the TTL", async () => {
    const subject = w.manifest.longLivedWallet;
    const res = await postJson(w.url + "/api/gating/attest", {
      subject,
      useClass: "governance",
      ttlSeconds: 7200,
      format: "eas",
    });
    expect(res.status).to.equal(201);
    expect(res.body).to.include({ format: "eas", pricing: "free", schemaUid: schema.eas.schemaUid });
    const attestation = res.body.attestation;
    expect(attestation.uid).to.equal(res.body.uid);
    expect(attestation.message.schema).to.equal(schema.eas.schemaUid);
    expect(attestation.message.recipient.toLowerCase()).to.equal(subject.toLowerCase());
    expect(Number(attestation.message.expirationTime) - Number(attestation.message.time)).to.equal(7200);
    expect(verifiesWithEasSdk(schema, attestation)).to.equal(true);

    const decoded = new eas.SchemaEncoder(schema.eas.schema).decodeData(attestation.message.data);
    const field = (name: string) => decoded.find((d) => d.name === name)?.value.value;
    expect((field("subject") as string).toLowerCase()).to.equal(subject.toLowerCase());
    expect(field("useClass")).to.equal("governance");
    expect(Number(field("score"))).to.be.within(0, 100);
    expect(field("scoringVersion")).to.equal("testnet-wallet-v1.0");

    // Tampering with the data breaks the UID the SDK recomputes.
    const tampered = { ...attestation, message: { ...attestation.message, expirationTime: "99999999999" } };
    expect(verifiesWithEasSdk(schema, tampered)).to.equal(false);

    const verified = await postJson(w.url + "/api/gating/verify", {
      attestation,
      expectedSubject: subject,
      expectedChainId: w.chainId,
      expectedUseClass: "governance",
    });
    expect(verified.body).to.include({ valid: true, format: "eas", id: attestation.uid, useClass: "governance" });
    const refused = await postJson(w.url + "/api/gating/verify", {
      attestation: tampered,
      expectedSubject: subject,
      expectedChainId: w.chainId,
    });
    expect(refused.body.valid).to.equal(false);
    expect(refused.body.reasons).to.include("bad_signature");
  });

  it("revocation, both formats: operator only, idempotent, published, and verify answers revoked", async () => {
    const subject = w.manifest.longLivedWallet;
    const own = (await postJson(w.url + "/api/gating/attest", { subject, useClass: "display" })).body.attestation;
    const easAtt = (await postJson(w.url + "/api/gating/attest", { subject, useClass: "display", format: "eas" })).body
      .attestation;
    const verify = (attestation: unknown) =>
      postJson(w.url + "/api/gating/verify", { attestation, expectedSubject: subject, expectedChainId: w.chainId });
    expect((await verify(own)).body.valid).to.equal(true);

    for (const credential of [{}, platform]) {
      const refused = await postJson(w.url + "/api/gating/revoke", { id: own.id, reason: "other" }, credential);
      expect([refused.status, refused.body]).to.deep.equal([401, { error: "unauthorized" }]);
    }

    for (const id of [own.id, easAtt.uid]) {
      const drill = { id, reason: "key_compromised", note: "key rotation drill" };
      const revoked = await postJson(w.url + "/api/gating/revoke", drill, operator);
      expect(revoked.status).to.equal(200);
      expect(revoked.body).to.include({ revoked: true, ...drill });
      expect(Date.parse(revoked.body.revokedAt)).to.be.closeTo(Date.now(), 60_000);
      const again = await postJson(w.url + "/api/gating/revoke", { id, reason: "other" }, operator);
      expect(again.body).to.deep.equal(revoked.body);
    }
    for (const attestation of [own, easAtt]) {
      const answer = await verify(attestation);
      expect(answer.body.valid).to.equal(false);
      expect(answer.body.reasons).to.deep.equal(["revoked"]);
    }
    const list = await getJson(w.url + "/api/gating/revocations");
    expect(list.status).to.equal(200);
    const ids = (list.body.revocations as { id: string }[]).map((r) => r.id);
    expect(ids).to.include.members([own.id, easAtt.uid]);
    expect(list.body.revocations[0]).to.have.keys(["id", "revokedAt", "reason", "note"]);
  });

  it("refuses bad revoke and attest input with codes, not 5xx", async () => {
    const bad = async (body: unknown, code: string) => {
      const res = await postJson(w.url + "/api/gating/revoke", body, operator);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ error: code });
    };
    await bad({ id: "att_xyz", reason: "other" }, "invalid_attestation_id");
    await bad({ id: "0x" + "a".repeat(63), reason: "other" }, "invalid_attestation_id");
    await bad({ id: "att_" + "a".repeat(32), reason: "" }, "invalid_reason");
    await bad({ id: "att_" + "a".repeat(32), reason: "key rotation drill" }, "invalid_reason");
    await bad({ id: "att_" + "a".repeat(32), reason: "other", note: "x".repeat(201) }, "invalid_reason");
    const format = await postJson(w.url + "/api/gating/attest", {
      subject: w.manifest.longLivedWallet,
      useClass: "display",
      format: "jwt",
    });
    expect(format.body).to.deep.equal({ error: "invalid_format" });
    const junk = await postJson(w.url + "/api/gating/verify", {
      attestation: { uid: "0x" + "1".repeat(64), message: { data: "0xzz" } },
      expectedSubject: w.manifest.longLivedWallet,
      expectedChainId: w.chainId,
    });
    expect(junk.status).to.equal(200);
    expect(junk.body).to.include({ valid: false, format: "eas" });
    expect(junk.body.reasons).to.deep.equal(["malformed"]);
  });
});
