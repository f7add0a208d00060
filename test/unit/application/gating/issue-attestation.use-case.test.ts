import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Wallet } from "ethers";
import { asAddress } from "../../../../src/domain/chain/address";
import { IssueAttestation } from "../../../../src/application/use-cases/gating/issue-attestation.use-case";
import { EthersAttestationSigner } from "../../../../src/adapters/attestation/ethers-attestation-signer.adapter";
import { FakeWalletScorer, FixedClock, subjectScore, gatingSettings } from "../../../support/fakes/gating-fakes";

const SUBJECT = asAddress("0x00000000000000000000000000000000000000a1");
const NOW = 1_750_000_000;

function setup(score = subjectScore()) {
  const signer = new EthersAttestationSigner({ privateKey: Wallet.createRandom().privateKey, isDevKey: true });
  const scorer = new FakeWalletScorer(new Map([[SUBJECT, score]]));
  const useCase = new IssueAttestation(scorer, signer, new FixedClock(NOW), gatingSettings(5042002));
  return { signer, useCase };
}

describe("IssueAttestation", () => {
  it("signs the real score with the use class's default lifetime and the service's chain", async () => {
    const { signer, useCase } = setup();
    const result = await useCase.execute({ subject: SUBJECT, subjectType: "wallet", useClass: "financial_high" })();
    if (E.isLeft(result)) expect.fail(result.left.detail);
    const { attestation } = result.right;
    expect(result.right).to.include({ pricing: "free" });
    expect(result.right.note).to.equal(undefined);
    expect(result.right.disclaimer)
      .to.match(/not financial advice/)
      .and.match(/development key/);
    expect(attestation).to.include({
      subject: SUBJECT,
      subjectType: "wallet",
      useClass: "financial_high",
      chainId: 5042002,
      score: 72,
      tier: "HIGH",
      confidence: 80,
      scoringVersion: "testnet-wallet-v1.0",
      issuedAt: NOW,
      expiresAt: NOW + 900,
      issuer: signer.issuer(),
      snapshotId: "snap_abc",
      devSigned: true,
    });
    expect(attestation.flags).to.deep.equal(["CONCENTRATION", "VELOCITY_BURST"]);
    expect(attestation.flagsHash).to.equal(signer.flagsHash(["VELOCITY_BURST", "CONCENTRATION"]));
    expect(attestation.id).to.match(/^att_[0-9a-f]{32}$/);
    expect(attestation.signature).to.match(/^0x[0-9a-f]{130}$/);
  });

  it("clamps an over-long ttl, says so in note, and uses the token scoring version for tokens", async () => {
    const { useCase } = setup();
    const result = await useCase.execute({
      subject: SUBJECT,
      subjectType: "token",
      useClass: "governance",
      ttlSeconds: 10 ** 7,
    })();
    if (E.isLeft(result)) expect.fail(result.left.detail);
    expect(result.right.attestation).to.include({
      chainId: 5042002,
      expiresAt: NOW + 86400,
      scoringVersion: "testnet-token-v1.0",
    });
    expect(result.right.note).to.match(/clamped/);
  });

  it("refuses another chain than the one it scores, before scoring (invalid_chain_id)", async () => {
    const { useCase } = setup();
    const result = await useCase.execute({
      subject: SUBJECT,
      subjectType: "wallet",
      useClass: "display",
      chainId: 1,
    })();
    expect(E.isLeft(result) && result.left.code).to.equal("invalid_chain_id");
    const same = await useCase.execute({
      subject: SUBJECT,
      subjectType: "wallet",
      useClass: "display",
      chainId: 5042002,
    })();
    expect(E.isRight(same)).to.equal(true);
  });

  it("issues nothing when scoring is unavailable: attest_failed, never a made-up score", async () => {
    const { useCase } = setup();
    const other = asAddress("0x00000000000000000000000000000000000000b2");
    const result = await useCase.execute({ subject: other, subjectType: "wallet", useClass: "display" })();
    expect(E.isLeft(result) && result.left).to.include({ _tag: "GatingFailure", code: "attest_failed" });
  });

  it("refuses a scorer answer outside 0-100 rather than sign it", async () => {
    const { useCase } = setup(subjectScore({ score: Number.NaN }));
    const result = await useCase.execute({ subject: SUBJECT, subjectType: "wallet", useClass: "display" })();
    expect(E.isLeft(result) && result.left.code).to.equal("attest_failed");
  });

  it("rounds a fractional score to the integer it signs", async () => {
    const { useCase } = setup(subjectScore({ score: 71.6, confidence: 40.2 }));
    const result = await useCase.execute({ subject: SUBJECT, subjectType: "wallet", useClass: "display" })();
    expect(E.isRight(result) && result.right.attestation).to.include({ score: 72, confidence: 40 });
  });
});
