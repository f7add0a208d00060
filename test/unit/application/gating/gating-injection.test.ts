import { expect } from "chai";
import { EasAttestationSigner } from "../../../../src/application/ports/eas-attestation-signer.port";
import { RevocationStore } from "../../../../src/application/ports/revocation-store.port";
import { InMemoryRevocationStore } from "../../../../src/adapters/storage/in-memory-revocation-store.adapter";
import { Container } from "inversify";
import { Wallet } from "ethers";
import { AttestationSigner } from "../../../../src/application/ports/attestation-signer.port";
import { GatingScores } from "../../../../src/application/use-cases/gating/gating-scores.port";
import { CheckGate } from "../../../../src/application/use-cases/gating/check-gate.use-case";
import { Clock } from "../../../../src/application/ports/clock.port";
import { GatingSettings } from "../../../../src/application/use-cases/gating/gating-settings";
import { GetGatingSchema } from "../../../../src/application/use-cases/gating/get-gating-schema.use-case";
import { IssueAttestation } from "../../../../src/application/use-cases/gating/issue-attestation.use-case";
import { VerifyAttestation } from "../../../../src/application/use-cases/gating/verify-attestation.use-case";
import { EthersAttestationSigner } from "../../../../src/adapters/attestation/ethers-attestation-signer.adapter";
import { SystemClock } from "../../../../src/adapters/clock/system-clock.adapter";
import { FakeWalletScorer, gatingSettings, testEasSigner } from "../../../support/fakes/gating-fakes";
import { infallible } from "../../../../src/application/infallible";

describe("gating use-cases under Inversify", () => {
  it("resolve with the tokens they declare (explicit @inject, no emitted metadata)", async () => {
    const container = new Container();
    const signer = new EthersAttestationSigner({ privateKey: Wallet.createRandom().privateKey, isDevKey: true });
    container.bind<AttestationSigner>(AttestationSigner).toConstantValue(signer);
    container.bind<GatingScores>(GatingScores).toConstantValue(new FakeWalletScorer(new Map()));
    container.bind<Clock>(Clock).to(SystemClock);
    container.bind<GatingSettings>(GatingSettings).toConstantValue(gatingSettings(5042002));
    container.bind(EasAttestationSigner).toConstantValue(testEasSigner(5042002));
    container.bind(RevocationStore).toConstantValue(new InMemoryRevocationStore());
    container.bind(IssueAttestation).toSelf();
    container.bind(VerifyAttestation).toSelf();
    container.bind(CheckGate).toSelf();
    container.bind(GetGatingSchema).toSelf();
    expect(container.get(IssueAttestation)).to.be.instanceOf(IssueAttestation);
    expect(container.get(VerifyAttestation)).to.be.instanceOf(VerifyAttestation);
    expect(container.get(CheckGate)).to.be.instanceOf(CheckGate);
    expect((await infallible(container.get(GetGatingSchema).execute())).issuer.address).to.equal(signer.issuer());
  });
});
