import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import { parseAddress } from "../../../domain/chain/address";
import { overtakenByDecision } from "../../../domain/review/flag-decision";
import { payloadOf } from "../../../domain/gating/attestation";
import { decodeSignedAttestation } from "../../../domain/gating/attestation-codec";
import { easVerificationReasons } from "../../../domain/gating/eas-verification-rules";
import { ATTESTATION_DISCLAIMER, attestationDisclaimer } from "../../../domain/gating/gating-text";
import { isJsonObject } from "../../../domain/gating/gating-input-error";
import {
  VERIFICATION_REASONS,
  verificationReasons,
  type VerificationReason,
} from "../../../domain/gating/verification-rules";
import type { VerifyCommand } from "../../../domain/gating/verify-request";
import { AttestationSigner } from "../../ports/attestation-signer.port";
import { Clock } from "../../ports/clock.port";
import { EasAttestationSigner } from "../../ports/eas-attestation-signer.port";
import { FlagDecisionStore } from "../../ports/flag-decision-store.port";
import { RevocationStore } from "../../ports/revocation-store.port";
import { GatingSettings } from "./gating-settings";

export interface VerifyResult {
  readonly valid: boolean;
  readonly reasons: readonly VerificationReason[];
  /** `credence` (Credence's EIP-712 struct) or `eas` (EAS offchain attestation); null when unrecognisable. */
  readonly format: "credence" | "eas" | null;
  /** The attestation's id (`att_…`) or EAS UID; null when it is malformed. */
  readonly id: string | null;
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

/** What a signed document claims that a later flag decision can overtake; null for a malformed one. */
interface SignedClaim {
  readonly subject: string;
  /** Null when the document carries only a hash of its flags. */
  readonly flags: readonly string[] | null;
  readonly issuedAt: number;
}

interface Verdict {
  readonly verdict: VerifyResult;
  readonly claim: SignedClaim | null;
}

const MALFORMED: VerifyResult = {
  valid: false,
  reasons: ["malformed"],
  format: null,
  id: null,
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

/** An EAS offchain attestation is recognised by its `uid` and `message`, bare or in the SDK's `{sig}` wrapper. */
function easDocumentOf(attestation: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  const doc = isJsonObject(attestation.sig) ? attestation.sig : attestation;
  return "uid" in doc && "message" in doc ? doc : undefined;
}

/**
 * POST /api/gating/verify, both formats: every failing rule is a reason; nothing about the input
 * makes it throw. A revoked attestation is `revoked`; an unreadable revocation list fails closed.
 */
@injectable()
export class VerifyAttestation {
  constructor(
    @inject(AttestationSigner) private readonly signer: AttestationSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(GatingSettings) private readonly settings: GatingSettings,
    @inject(EasAttestationSigner) private readonly eas: EasAttestationSigner,
    @inject(RevocationStore) private readonly revocations: RevocationStore,
    @inject(FlagDecisionStore) @optional() private readonly decisions?: FlagDecisionStore,
  ) {}

  /** Never fails: a forged, revoked or unreadable attestation is a verdict in the answer, not a failure. */
  execute(command: VerifyCommand): TE.TaskEither<never, VerifyResult> {
    return TE.fromTask(async () => {
      const easDocument = easDocumentOf(command.attestation);
      const { verdict, claim } =
        easDocument === undefined ? this.verifyCredence(command) : this.verifyEas(command, easDocument);
      if (verdict.id === null) return verdict;
      const [revocation, overtaken] = await Promise.all([this.revocations.find(verdict.id)(), this.overtaken(claim)]);
      const extra: VerificationReason | null =
        E.isLeft(revocation) || E.isLeft(overtaken)
          ? "revocation_status_unavailable"
          : revocation.right !== null || overtaken.right
            ? "revoked"
            : null;
      if (extra === null) return verdict;
      const reasons = VERIFICATION_REASONS.filter((r) => r === extra || verdict.reasons.includes(r));
      return { ...verdict, valid: false, reasons };
    });
  }

  /**
   * An attestation that carried a flag the operator has since removed or downgraded (an upheld dispute) is revoked:
   * its score no longer stands. Read from the standing flag decisions of its subject, so it holds for every
   * attestation ever issued, on every instance, with no issuance log. An unreadable decision store fails closed.
   */
  private async overtaken(claim: SignedClaim | null): Promise<E.Either<unknown, boolean>> {
    if (claim === null || this.decisions === undefined) return E.right(false);
    const subject = parseAddress(claim.subject);
    if (subject === undefined) return E.right(false);
    const decisions = await this.decisions.forAddress(subject)();
    return E.isLeft(decisions) ? decisions : E.right(overtakenByDecision(claim.flags, claim.issuedAt, decisions.right));
  }

  private verifyCredence(command: VerifyCommand): Verdict {
    const attestation = decodeSignedAttestation(command.attestation);
    if (attestation === undefined) return { verdict: { ...MALFORMED, format: "credence" }, claim: null };
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
    const verdict: VerifyResult = {
      valid: reasons.length === 0,
      reasons,
      format: "credence",
      id: attestation.id,
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
    const claim = { subject: attestation.subject, flags: attestation.flags, issuedAt: attestation.issuedAt };
    return { verdict, claim };
  }

  private verifyEas(command: VerifyCommand, document: Readonly<Record<string, unknown>>): Verdict {
    const reading = this.eas.read(document);
    if (reading === undefined) return { verdict: { ...MALFORMED, format: "eas" }, claim: null };
    const reasons = easVerificationReasons({
      evidence: reading,
      trustedAttester: this.signer.issuer(),
      expectedSubject: command.expectedSubject,
      expectedChainId: command.expectedChainId,
      expectedUseClass: command.expectedUseClass,
      serviceChainId: this.settings.chainId,
      now: Math.floor(this.clock.nowMs() / 1000),
    });
    const ours = reading.signer === this.signer.issuer();
    const c = reading.claims;
    const verdict: VerifyResult = {
      valid: reasons.length === 0,
      reasons,
      format: "eas",
      id: reading.uid,
      subject: c?.subject.toLowerCase() ?? null,
      useClass: c?.useClass ?? null,
      chainId: reading.chainId,
      score: c?.score ?? null,
      tier: c?.tier ?? null,
      expiresAt: c?.expiresAt ?? null,
      scoringVersion: c?.scoringVersion ?? null,
      issuer: reading.signer,
      devSigned: ours ? this.signer.isDevKey() : null,
      disclaimer: attestationDisclaimer(ours && this.signer.isDevKey()),
    };
    // An EAS document commits only to the hash of its flags: any removal on its subject after its issue counts.
    return { verdict, claim: c === null ? null : { subject: c.subject, flags: null, issuedAt: c.issuedAt } };
  }
}
