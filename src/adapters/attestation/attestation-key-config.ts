import * as E from "fp-ts/Either";
import { Wallet } from "ethers";
import type { AttestationKey } from "./ethers-attestation-signer.adapter";
import { isWellKnownDevKey } from "../shared/well-known-dev-keys";

export interface AttestationKeySettings {
  /** ATTESTATION_PRIVATE_KEY, if set. */
  readonly privateKey?: string;
  /** True only for the embedded default (`npm start` with no chain configured); false in production. */
  readonly embeddedDefault: boolean;
}

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/**
 * Which key signs attestations, or why the process must refuse to start (Left, a message naming
 * ATTESTATION_PRIVATE_KEY). Rules: outside the embedded default a key is required and may not be a
 * well-known development key (anyone could forge with it); the embedded default without a key
 * generates a fresh random key per process and marks it dev.
 */
export function resolveAttestationKey(
  settings: AttestationKeySettings,
  generateDevKey: () => string = () => Wallet.createRandom().privateKey,
): E.Either<string, AttestationKey> {
  const configured = settings.privateKey?.trim();
  if (configured === undefined || configured === "") {
    return settings.embeddedDefault
      ? E.right({ privateKey: generateDevKey(), isDevKey: true })
      : E.left(
          "ATTESTATION_PRIVATE_KEY is required outside the embedded default: attestations must be signed by the operator's own key",
        );
  }
  if (!PRIVATE_KEY.test(configured)) {
    return E.left("ATTESTATION_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key");
  }
  if (isWellKnownDevKey(configured)) {
    return settings.embeddedDefault
      ? E.right({ privateKey: configured, isDevKey: true })
      : E.left(
          "ATTESTATION_PRIVATE_KEY is a publicly known development key (test ... junk mnemonic); anyone could forge attestations with it",
        );
  }
  return E.right({ privateKey: configured, isDevKey: false });
}
