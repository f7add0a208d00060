import * as TE from "fp-ts/TaskEither";
import { Wallet } from "ethers";
import { EasSdkAttestationSigner } from "../../../src/adapters/attestation/eas-sdk-attestation-signer.adapter";
import type { Address } from "../../../src/domain/chain/address";
import type { Clock } from "../../../src/application/ports/clock.port";
import {
  scoringUnavailable,
  type SubjectScore,
  type GatingScores,
} from "../../../src/application/use-cases/gating/gating-scores.port";

/** Scores from a table; a subject not in it is unavailable (as when the explorer is down). */
export class FakeWalletScorer implements GatingScores {
  readonly calls: Address[] = [];

  constructor(private readonly scores: ReadonlyMap<Address, SubjectScore>) {}

  scoreSubject(request: { readonly subject: Address }) {
    this.calls.push(request.subject);
    const score = this.scores.get(request.subject);
    return score === undefined ? TE.left(scoringUnavailable("explorer down")) : TE.right(score);
  }
}

/** A clock fixed at `now` Unix seconds. */
export class FixedClock implements Clock {
  constructor(public now: number) {}

  nowMs(): number {
    return this.now * 1000;
  }
}

export const subjectScore = (overrides: Partial<SubjectScore> = {}): SubjectScore => ({
  score: 72,
  tier: "HIGH",
  confidence: 80,
  flags: ["VELOCITY_BURST", "CONCENTRATION"],
  snapshotId: "snap_abc",
  scoringVersion: "v1.0",
  ...overrides,
});

/** Gating settings for tests: the EAS domain names no real contract (the default EAS_CONTRACT_ADDRESS). */
export const gatingSettings = (chainId = 5042002) => ({
  chainId,
  eas: { contract: "0x0000000000000000000000000000000000000000", version: "1.3.0", chainId },
});

/** An EAS signer for tests that only need the port present (its own random key). */
export const testEasSigner = (chainId = 5042002, privateKey = Wallet.createRandom().privateKey) =>
  new EasSdkAttestationSigner(privateKey, gatingSettings(chainId).eas);
