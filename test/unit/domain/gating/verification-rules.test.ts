import { expect } from "chai";
import { asAddress } from "../../../../src/domain/chain/address";
import type { SignedAttestation } from "../../../../src/domain/gating/attestation";
import { verificationReasons, type VerificationEvidence } from "../../../../src/domain/gating/verification-rules";

const ISSUER = asAddress("0x1111111111111111111111111111111111111111");
const SUBJECT = asAddress("0x2222222222222222222222222222222222222222");
const NOW = 1_700_000_000;
const FLAGS_HASH = `0x${"ab".repeat(32)}`;

const attestation: SignedAttestation = {
  id: "att_1",
  subject: SUBJECT,
  subjectType: "wallet",
  useClass: "governance",
  chainId: 5042002,
  score: 72,
  tier: "HIGH",
  confidence: 80,
  flags: [],
  flagsHash: FLAGS_HASH,
  scoringVersion: "testnet-wallet-v1.0",
  issuedAt: NOW - 100,
  expiresAt: NOW + 3000,
  issuer: ISSUER,
  snapshotId: "snap_1",
  devSigned: false,
  signature: `0x${"00".repeat(65)}`,
  domain: { name: "Credence Attestation", version: "1", chainId: 5042002 },
};

const valid: VerificationEvidence = {
  attestation,
  recoveredSigner: ISSUER,
  recomputedFlagsHash: FLAGS_HASH,
  trustedIssuers: [ISSUER],
  expectedSubject: SUBJECT,
  expectedChainId: 5042002,
  serviceChainId: 5042002,
  now: NOW,
};

const reasonsWith = (change: Partial<VerificationEvidence>, attestationChange: Partial<SignedAttestation> = {}) =>
  verificationReasons({ ...valid, ...change, attestation: { ...attestation, ...attestationChange } });

describe("attestation verification rules", () => {
  it("finds nothing wrong with a well-formed, trusted, current, matching attestation", () => {
    expect(verificationReasons(valid)).to.deep.equal([]);
  });

  it("bad_signature when the signature recovers to nobody", () => {
    expect(reasonsWith({ recoveredSigner: null })).to.deep.equal(["bad_signature"]);
  });

  it("bad_signature when the signature recovers to someone other than the stated issuer (a field changed)", () => {
    expect(reasonsWith({ recoveredSigner: SUBJECT })).to.deep.equal(["bad_signature"]);
  });

  it("unknown_issuer when a consistent signature comes from a key we do not trust", () => {
    expect(reasonsWith({ recoveredSigner: SUBJECT }, { issuer: SUBJECT })).to.deep.equal(["unknown_issuer"]);
  });

  it("expired at expiresAt exactly, and after", () => {
    expect(reasonsWith({ now: attestation.expiresAt })).to.deep.equal(["expired"]);
    expect(reasonsWith({ now: attestation.expiresAt + 1 })).to.deep.equal(["expired"]);
    expect(reasonsWith({ now: attestation.expiresAt - 1 })).to.deep.equal([]);
  });

  it("issued_in_future beyond the 60 s clock-skew allowance only", () => {
    expect(reasonsWith({}, { issuedAt: NOW + 60, expiresAt: NOW + 600 })).to.deep.equal([]);
    expect(reasonsWith({}, { issuedAt: NOW + 61, expiresAt: NOW + 600 })).to.deep.equal(["issued_in_future"]);
  });

  it("subject_mismatch for another subject, a non-address, or a missing expectation; case does not matter", () => {
    expect(reasonsWith({ expectedSubject: SUBJECT.toUpperCase().replace("0X", "0x") })).to.deep.equal([]);
    expect(reasonsWith({ expectedSubject: ISSUER })).to.deep.equal(["subject_mismatch"]);
    expect(reasonsWith({ expectedSubject: "nope" })).to.deep.equal(["subject_mismatch"]);
    expect(reasonsWith({ expectedSubject: undefined })).to.deep.equal(["subject_mismatch"]);
  });

  it("chain_mismatch for another chain, a string, or a missing expectation", () => {
    expect(reasonsWith({ expectedChainId: 1 })).to.deep.equal(["chain_mismatch"]);
    expect(reasonsWith({ expectedChainId: "5042002" })).to.deep.equal(["chain_mismatch"]);
    expect(reasonsWith({ expectedChainId: undefined })).to.deep.equal(["chain_mismatch"]);
  });

  it("unsupported_chain for an attestation of a chain this service does not score, whatever the caller expects", () => {
    expect(reasonsWith({ expectedChainId: 1 }, { chainId: 1 })).to.deep.equal(["unsupported_chain"]);
    expect(reasonsWith({ serviceChainId: 1 })).to.deep.equal(["unsupported_chain"]);
  });

  it("use_class_mismatch only when the caller names another use class", () => {
    expect(reasonsWith({ expectedUseClass: "governance" })).to.deep.equal([]);
    expect(reasonsWith({ expectedUseClass: "financial_high" })).to.deep.equal(["use_class_mismatch"]);
    expect(reasonsWith({ expectedUseClass: undefined })).to.deep.equal([]);
  });

  it("flags_hash_mismatch when the flags do not hash to flagsHash (hex case ignored)", () => {
    expect(reasonsWith({ recomputedFlagsHash: FLAGS_HASH.toUpperCase().replace("0X", "0x") })).to.deep.equal([]);
    expect(reasonsWith({ recomputedFlagsHash: `0x${"cd".repeat(32)}` })).to.deep.equal(["flags_hash_mismatch"]);
  });

  it("unsupported_scoring_version for an unknown version or one of the other subject type", () => {
    expect(reasonsWith({}, { scoringVersion: "v1.0" })).to.deep.equal(["unsupported_scoring_version"]);
    expect(reasonsWith({}, { scoringVersion: "testnet-token-v1.0" })).to.deep.equal(["unsupported_scoring_version"]);
    expect(reasonsWith({}, { subjectType: "token", scoringVersion: "testnet-token-v1.0" })).to.deep.equal([]);
  });

  it("malformed when the lifetime is empty, negative, or longer than the use class allows", () => {
    expect(reasonsWith({}, { expiresAt: attestation.issuedAt })).to.include("malformed");
    expect(reasonsWith({}, { expiresAt: attestation.issuedAt - 1 })).to.include("malformed");
    expect(reasonsWith({}, { expiresAt: attestation.issuedAt + 86401 })).to.deep.equal(["malformed"]);
  });

  it("reports every failing rule, in a fixed order", () => {
    const reasons = reasonsWith(
      { recoveredSigner: null, now: NOW + 10_000, expectedChainId: 1, expectedSubject: ISSUER, trustedIssuers: [] },
      { scoringVersion: "x" },
    );
    expect(reasons).to.deep.equal([
      "bad_signature",
      "unknown_issuer",
      "expired",
      "subject_mismatch",
      "chain_mismatch",
      "unsupported_scoring_version",
    ]);
  });
});
