import type * as T from "fp-ts/Task";
import { inject, injectable } from "inversify";
import { payloadOf } from "../../../domain/gating/attestation";
import { decodeSignedAttestation } from "../../../domain/gating/attestation-codec";
import { ATTESTATION_DISCLAIMER, attestationDisclaimer } from "../../../domain/gating/gating-text";
import { verificationReasons, type VerificationReason } from "../../../domain/gating/verification-rules";
import type { VerifyCommand } from "../../../domain/gating/verify-request";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { Clock } from "../../ports/clock.port";
import { GatingSettings } from "./gating-settings";

export interface VerifyResult {
  readonly valid: boolean;
  readonly reasons: readonly VerificationReason[];
  /** What the attestation claims; null when it is malformed. Trust these only when `valid`. */
  readonly subject: string | null;
  readonly useClass: string | null;
  readonly chainId: number | null;
  readonly score: number | null;
  readonly tier: string | null;
  readonly expiresAt: number | null;
  readonly scoringVersion: string | null;
  readonly issuer: string | null;
  readonly devSigned: boolean | null;
  readonly disclaimer: string;
}

/** POST /api/gating/verify: every failing rule is a reason; nothing about the input makes it throw. */
@injectable()
export class VerifyAttestation {
  constructor(
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(GatingSettings) private readonly settings: GatingSettings,
  ) {}

  execute(command: VerifyCommand): T.Task<VerifyResult> {
    return async () => {
      const attestation = decodeSignedAttestation(command.attestation);
      if (attestation === undefined) {
        return {
          valid: false,
          reasons: ["malformed"],
          subject: null,
          useClass: null,
          chainId: null,
          score: null,
          tier: null,
          expiresAt: null,
          scoringVersion: null,
          issuer: null,
          devSigned: null,
          disclaimer: ATTESTATION_DISCLAIMER,
        };
      }
      const reasons = verificationReasons({
        attestation,
        recoveredSigner: this.signer.recoverSigner(payloadOf(attestation), attestation.signature),
        recomputedFlagsHash: this.signer.flagsHash(attestation.flags),
        trustedIssuers: [this.signer.issuer()],
        expectedSubject: command.expectedSubject,
        expectedChainId: command.expectedChainId,
        expectedUseClass: command.expectedUseClass,
        serviceChainId: this.settings.chainId,
        now: Math.floor(this.clock.nowMs() / 1000),
      });
      return {
        valid: reasons.length === 0,
        reasons,
        subject: attestation.subject,
        useClass: attestation.useClass,
        chainId: attestation.chainId,
        score: attestation.score,
        tier: attestation.tier,
        expiresAt: attestation.expiresAt,
        scoringVersion: attestation.scoringVersion,
        issuer: attestation.issuer,
        devSigned: attestation.devSigned,
        disclaimer: attestationDisclaimer(attestation.devSigned),
      };
    };
  }
}
