import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodeAttestRequest } from "../../../../src/domain/gating/attest-request";
import { decodeVerifyRequest } from "../../../../src/domain/gating/verify-request";

const SUBJECT = "0xABCDEF0000000000000000000000000000000002";
const errorOf = <A>(decoded: E.Either<{ code: string }, A>) => (E.isLeft(decoded) ? decoded.left.code : "decoded");

describe("attest request decoding", () => {
  it("decodes with defaults: wallet subject type, no chain id or ttl", () => {
    expect(decodeAttestRequest({ subject: SUBJECT, useClass: "display" })).to.deep.equal(
      E.right({ subject: SUBJECT.toLowerCase(), subjectType: "wallet", useClass: "display" }),
    );
  });

  it("keeps chainId and any integer ttlSeconds (clamping is the policy's job)", () => {
    const decoded = decodeAttestRequest({
      subject: SUBJECT,
      subjectType: "token",
      useClass: "governance",
      chainId: 1,
      ttlSeconds: 10 ** 9,
    });
    expect(decoded).to.deep.equal(
      E.right({
        subject: SUBJECT.toLowerCase(),
        subjectType: "token",
        useClass: "governance",
        chainId: 1,
        ttlSeconds: 10 ** 9,
      }),
    );
  });

  it("names the bad field", () => {
    expect(errorOf(decodeAttestRequest(null))).to.equal("invalid_subject");
    expect(errorOf(decodeAttestRequest({ subject: "0xnope", useClass: "display" }))).to.equal("invalid_subject");
    expect(errorOf(decodeAttestRequest({ subject: SUBJECT, subjectType: "nft", useClass: "display" }))).to.equal(
      "invalid_subject_type",
    );
    expect(errorOf(decodeAttestRequest({ subject: SUBJECT }))).to.equal("invalid_use_class");
    expect(errorOf(decodeAttestRequest({ subject: SUBJECT, useClass: "display", chainId: 0 }))).to.equal(
      "invalid_chain_id",
    );
    expect(errorOf(decodeAttestRequest({ subject: SUBJECT, useClass: "display", chainId: "1" }))).to.equal(
      "invalid_chain_id",
    );
    expect(errorOf(decodeAttestRequest({ subject: SUBJECT, useClass: "display", ttlSeconds: 1.5 }))).to.equal(
      "invalid_ttl",
    );
  });
});

describe("verify request decoding", () => {
  it("attestation_required unless the body holds an attestation object", () => {
    for (const body of [null, [], {}, { attestation: "x" }, { attestation: [] }, { attestation: null }]) {
      expect(errorOf(decodeVerifyRequest(body)), JSON.stringify(body)).to.equal("attestation_required");
    }
  });

  it("passes the expectations through untouched (verify judges them)", () => {
    expect(decodeVerifyRequest({ attestation: { id: 1 }, expectedSubject: SUBJECT, expectedChainId: 7 })).to.deep.equal(
      E.right({ attestation: { id: 1 }, expectedSubject: SUBJECT, expectedChainId: 7 }),
    );
  });
});
