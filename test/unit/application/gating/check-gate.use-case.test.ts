import { expect } from "chai";
import { InMemoryRevocationStore } from "../../../../src/adapters/storage/in-memory-revocation-store.adapter";
import * as E from "fp-ts/Either";
import { Wallet } from "ethers";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import { decodeCheckRequest, type CheckCommand } from "../../../../src/domain/gating/check-request";
import { CheckGate } from "../../../../src/application/use-cases/gating/check-gate.use-case";
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

const HEALTHY = asAddress("0x00000000000000000000000000000000000000c1");
const FRESH = asAddress("0x00000000000000000000000000000000000000c2");
const WASH = asAddress("0x00000000000000000000000000000000000000c3");
const DOWN = asAddress("0x00000000000000000000000000000000000000c4");
const NOW = 1_750_000_000;

const signer = new EthersAttestationSigner({ privateKey: Wallet.createRandom().privateKey, isDevKey: false });
const clock = new FixedClock(NOW);
const scorer = new FakeWalletScorer(
  new Map<Address, ReturnType<typeof subjectScore>>([
    [HEALTHY, subjectScore({ score: 84, tier: "ELITE", confidence: 85, flags: [] })],
    [FRESH, subjectScore({ score: 30, tier: "LOW", confidence: 15, flags: [] })],
    [WASH, subjectScore({ score: 45, tier: "LOW", confidence: 70, flags: ["WASH_TRADING"] })],
  ]),
);
const gate = new CheckGate(scorer, signer, clock, gatingSettings(5042002));

function command(body: Record<string, unknown>): CheckCommand {
  const decoded = decodeCheckRequest(body);
  if (E.isLeft(decoded)) throw new Error(decoded.left.code);
  return decoded.right;
}

async function check(body: Record<string, unknown>) {
  const result = await gate.execute(command(body))();
  if (E.isLeft(result)) throw new Error(result.left.code);
  return result.right;
}

describe("CheckGate", () => {
  it("lets the healthy wallet through the lending preset, with a fresh verifiable attestation", async () => {
    const result = await check({
      wallet: HEALTHY,
      ladderPreset: "example_lending",
      capability: "borrow",
      requestedAmount: "50000",
    });
    expect(result).to.include({
      allowed: true,
      allowedByCallerLadder: true,
      policySource: "caller_ladder",
      scoreIsAuthoritative: true,
      wallet: HEALTHY,
      score: 84,
      tier: "ELITE",
      confidence: 85,
      marginToNextBand: null,
      ladderPreset: "example_lending",
      requestedAmount: "50000",
    });
    expect(result.attestation).to.include({
      subject: HEALTHY,
      score: 84,
      useClass: "financial_high",
      expiresAt: NOW + 900,
    });
    const verified = await infallible(
      new VerifyAttestation(
        signer,
        clock,
        gatingSettings(5042002),
        testEasSigner(5042002),
        new InMemoryRevocationStore(),
      ).execute({
        attestation: { ...result.attestation },
        expectedSubject: HEALTHY,
        expectedChainId: 5042002,
      }),
    );
    expect(verified.valid).to.equal(true);
  });

  it("refuses the fresh and the wash-trading wallets on the same ladder", async () => {
    const fresh = await check({ wallet: FRESH, ladderPreset: "example_lending", capability: "borrow" });
    expect(fresh.allowed).to.equal(false);
    expect(fresh.reasons).to.deep.equal(["no_band_matches", "confidence_below_minimum"]);
    const wash = await check({ wallet: WASH, ladderPreset: "example_lending", capability: "borrow" });
    expect(wash.allowed).to.equal(false);
    expect(wash.reasons).to.deep.equal(["no_band_matches"]);
    expect(wash.marginToNextBand).to.equal(5);
  });

  it("in mainnet mode refuses without the multi-factor acknowledgement", async () => {
    const ladder = { protocolId: "acme", bands: [{ minScore: 50, capability: "borrow" }] };
    const refused = await check({ wallet: HEALTHY, network: "mainnet", ladder });
    expect(refused).to.include({ allowed: false, allowedByCallerLadder: true, protocolId: "acme", network: "mainnet" });
    expect(refused.reasons).to.deep.equal(["multi_factor_not_acknowledged"]);
    const acknowledged = await check({
      wallet: HEALTHY,
      network: "mainnet",
      ladder: { ...ladder, multiFactorAcknowledged: true },
    });
    expect(acknowledged.allowed).to.equal(true);
  });

  it("fails closed with check_failed when the wallet cannot be scored", async () => {
    const result = await gate.execute(command({ wallet: DOWN, ladderPreset: "example_lending" }))();
    expect(E.isLeft(result) && result.left).to.include({ _tag: "GatingFailure", code: "check_failed" });
  });
});
