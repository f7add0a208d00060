import { expect } from "chai";
import { InMemoryRevocationStore } from "../../../../src/adapters/storage/in-memory-revocation-store.adapter";
import * as E from "fp-ts/Either";
import { Wallet } from "ethers";
import { asAddress } from "../../../../src/domain/chain/address";
import type { SignedAttestation } from "../../../../src/domain/gating/attestation";
import { IssueAttestation } from "../../../../src/application/use-cases/gating/issue-attestation.use-case";
import { VerifyAttestation } from "../../../../src/application/use-cases/gating/verify-attestation.use-case";
import { EthersAttestationSigner } from "../../../../src/adapters/attestation/ethers-attestation-signer.adapter";
import {
  FakeWalletScorer,
  FixedClock,
  subjectScore,
  gatingSettings,
  testEasSigner,
} from "../../../support/fakes/gating-fakes";
import { infallible } from "../../../../src/application/infallible";

const SUBJECT = asAddress("0x00000000000000000000000000000000000000a1");
const OTHER = "0x00000000000000000000000000000000000000b2";
const CHAIN = 5042002;
const NOW = 1_750_000_000;

const newSigner = () => new EthersAttestationSigner({ privateKey: Wallet.createRandom().privateKey, isDevKey: false });

async function issueWith(signer: EthersAttestationSigner, clock: FixedClock): Promise<SignedAttestation> {
  const scorer = new FakeWalletScorer(new Map([[SUBJECT, subjectScore()]]));
  const issued = await new IssueAttestation(scorer, signer, clock, gatingSettings(CHAIN)).execute({
    subject: SUBJECT,
    subjectType: "wallet",
    useClass: "governance",
    format: "credence",
  })();
  if (E.isLeft(issued)) throw new Error(issued.left.detail);
  return issued.right.attestation;
}

describe("attest -> verify round trip", () => {
  const signer = newSigner();
  const clock = new FixedClock(NOW);
  const verifier = new VerifyAttestation(
    signer,
    clock,
    gatingSettings(CHAIN),
    testEasSigner(CHAIN),
    new InMemoryRevocationStore(),
  );
  let attestation: SignedAttestation;
  const verify = (candidate: unknown, expectedSubject: unknown = SUBJECT, expectedChainId: unknown = CHAIN) =>
    infallible(
      verifier.execute({ attestation: candidate as Record<string, unknown>, expectedSubject, expectedChainId }),
    );

  beforeEach(async () => {
    clock.now = NOW;
    attestation = await issueWith(signer, clock);
  });

  it("verifies what it issued, echoing the attested facts", async () => {
    const result = await verify(attestation);
    expect(result).to.include({
      valid: true,
      subject: SUBJECT,
      score: 72,
      tier: "HIGH",
      expiresAt: NOW + 3600,
      scoringVersion: "testnet-wallet-v1.0",
      issuer: signer.issuer(),
      devSigned: false,
    });
    expect(result.reasons).to.deep.equal([]);
    expect(result.disclaimer).to.not.match(/development key/);
  });

  it("survives a JSON round trip and a checksummed or upper-case subject", async () => {
    const overTheWire = JSON.parse(JSON.stringify(attestation));
    expect((await verify(overTheWire, "0x00000000000000000000000000000000000000A1")).valid).to.equal(true);
  });

  const tampered: ReadonlyArray<[keyof SignedAttestation, unknown, readonly string[]]> = [
    ["id", "att_00000000000000000000000000000000", []],
    ["subject", OTHER, ["subject_mismatch"]],
    ["subjectType", "token", ["unsupported_scoring_version"]],
    ["useClass", "display", []],
    ["chainId", CHAIN + 1, ["chain_mismatch", "unsupported_chain"]],
    ["score", 99, []],
    ["tier", "ELITE", []],
    ["confidence", 100, []],
    ["flagsHash", `0x${"11".repeat(32)}`, ["flags_hash_mismatch"]],
    ["scoringVersion", "testnet-token-v1.0", ["unsupported_scoring_version"]],
    ["issuedAt", NOW - 1, []],
    ["expiresAt", NOW + 3599, []],
    ["issuer", OTHER, ["unknown_issuer"]],
    ["snapshotId", "snap_other", []],
    ["devSigned", true, []],
  ];
  for (const [field, value, alsoExpected] of tampered) {
    it(`changing signed field ${field} breaks the signature`, async () => {
      // The carried domain follows chainId, as a forger would make it (else the pair is simply malformed).
      const domain = field === "chainId" ? { ...attestation.domain, chainId: value } : attestation.domain;
      const result = await verify({ ...attestation, [field]: value, domain });
      expect(result.valid).to.equal(false);
      expect(result.reasons).to.have.members(["bad_signature", ...alsoExpected]);
    });
  }

  it("a lone surrogate in flags is malformed, not a crash of the UTF-8 encoder (issue 13 item 8)", async () => {
    const result = await verify({ ...attestation, flags: ["\ud800"] });
    expect(result.reasons).to.deep.equal(["malformed"]);
  });

  it("a carried domain that disagrees with chainId is malformed", async () => {
    const result = await verify({ ...attestation, domain: { ...attestation.domain, chainId: 1 } });
    expect(result.reasons).to.deep.equal(["malformed"]);
  });

  it("changing the flags (committed by flagsHash) is flags_hash_mismatch", async () => {
    const result = await verify({ ...attestation, flags: ["CONCENTRATION"] });
    expect(result.reasons).to.deep.equal(["flags_hash_mismatch"]);
  });

  it("a reordered flag list is still the same commitment", async () => {
    expect((await verify({ ...attestation, flags: [...attestation.flags].reverse() })).valid).to.equal(true);
  });

  it("a changed signature is bad_signature", async () => {
    const last = attestation.signature.slice(-2) === "1b" ? "1c" : "1b";
    const flippedV = `${attestation.signature.slice(0, -2)}${last}`;
    const zeroR = `0x${"00".repeat(32)}${attestation.signature.slice(66)}`;
    for (const signature of [flippedV, zeroR]) {
      expect((await verify({ ...attestation, signature })).reasons).to.deep.equal(["bad_signature"]);
    }
  });

  it("the wrong subject or chain is subject_mismatch / chain_mismatch", async () => {
    expect((await verify(attestation, OTHER)).reasons).to.deep.equal(["subject_mismatch"]);
    expect((await verify(attestation, SUBJECT, 1)).reasons).to.deep.equal(["chain_mismatch"]);
  });

  it("waiting past expiry makes it expired", async () => {
    clock.now = attestation.expiresAt;
    expect((await verify(attestation)).reasons).to.deep.equal(["expired"]);
  });

  it("one issued ahead of the verifier's clock is issued_in_future", async () => {
    clock.now = NOW - 3600;
    expect((await verify(attestation)).reasons).to.deep.equal(["issued_in_future"]);
  });

  it("one signed by another key is unknown_issuer (and only that)", async () => {
    const forged = await issueWith(newSigner(), clock);
    expect((await verify(forged)).reasons).to.deep.equal(["unknown_issuer"]);
  });

  it("anything malformed is valid:false with malformed, never a throw", async () => {
    const { signature: _dropped, ...unsigned } = attestation;
    for (const candidate of [{}, unsigned, { ...attestation, score: 101 }, { ...attestation, signature: "0x12" }]) {
      const result = await verify(candidate);
      expect(result).to.include({ valid: false, subject: null, score: null });
      expect(result.reasons).to.deep.equal(["malformed"]);
    }
  });
});
