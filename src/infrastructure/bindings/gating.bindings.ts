import type { Container, Newable } from "inversify";
import { EthersAttestationSigner } from "../../adapters/attestation/ethers-attestation-signer.adapter";
import { AttestationSigner } from "../../application/ports/attestation-signer.port";
import { GatingSettings } from "../../application/use-cases/gating/gating-settings";
import type { Config } from "../config/config";
import { IssueAttestation } from "../../application/use-cases/gating/issue-attestation.use-case";
import { VerifyAttestation } from "../../application/use-cases/gating/verify-attestation.use-case";
import { CheckGate } from "../../application/use-cases/gating/check-gate.use-case";
import { GetGatingSchema } from "../../application/use-cases/gating/get-gating-schema.use-case";

/** The attestation key was resolved with the configuration (production refuses to start without one). */
export function bindGating(container: Container, config: Config, chainId: number): void {
  container.bind(AttestationSigner).toConstantValue(new EthersAttestationSigner(config.attestationKey));
  container.bind(GatingSettings).toConstantValue({ chainId });
}

/** The gating use cases, bound by the composition root and resolved by its smoke test. */
export const GATING_USE_CASES: readonly Newable<object>[] = [
  IssueAttestation,
  VerifyAttestation,
  CheckGate,
  GetGatingSchema,
];
