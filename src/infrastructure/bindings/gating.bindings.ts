import type { Container } from "inversify";
import { EthersAttestationSigner } from "../../adapters/attestation/ethers-attestation-signer.adapter";
import { AttestationSigner } from "../../application/ports/attestation-signer.port";
import { GatingSettings } from "../../application/use-cases/gating/gating-settings";
import type { Config } from "../config/config";

/** The attestation key was resolved with the configuration (production refuses to start without one). */
export function bindGating(container: Container, config: Config, chainId: number): void {
  container.bind(AttestationSigner).toConstantValue(new EthersAttestationSigner(config.attestationKey));
  container.bind(GatingSettings).toConstantValue({ chainId });
}
