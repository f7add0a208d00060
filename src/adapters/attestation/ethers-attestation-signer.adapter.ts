import * as TE from "fp-ts/TaskEither";
import {
  SigningKey,
  TypedDataEncoder,
  computeAddress,
  concat,
  hexlify,
  keccak256,
  randomBytes,
  recoverAddress,
  toUtf8Bytes,
} from "ethers";
import { asAddress, type Address } from "../../domain/chain/address";
import { canonicalFlagCodes, type AttestationPayload } from "../../domain/gating/attestation";
import { attestationDomain } from "../../domain/gating/attestation-domain";
import {
  ATTESTATION_FIELDS,
  ATTESTATION_PRIMARY_TYPE,
  attestationMessage,
} from "../../domain/gating/attestation-eip712";
import {
  signingFailure,
  type AttestationSigner,
  type SigningFailure,
} from "../../application/ports/attestation-signer.port";

export interface AttestationKey {
  /** 0x-prefixed 32-byte hex secp256k1 private key. */
  readonly privateKey: string;
  /** A throwaway development key: attestations are marked `devSigned`. */
  readonly isDevKey: boolean;
}

/** ethers wants mutable field arrays; the domain's definition is readonly. */
const TYPES = { [ATTESTATION_PRIMARY_TYPE]: ATTESTATION_FIELDS.map((field) => ({ ...field })) };

function digestOf(payload: AttestationPayload): string {
  return TypedDataEncoder.hash({ ...attestationDomain(payload.chainId) }, TYPES, attestationMessage(payload));
}

/** Signs attestations locally with a configured key (EIP-712 over secp256k1). */
export class EthersAttestationSigner implements AttestationSigner {
  private readonly key: SigningKey;
  private readonly address: Address;
  private readonly devKey: boolean;

  constructor(key: AttestationKey) {
    this.key = new SigningKey(key.privateKey);
    this.address = asAddress(computeAddress(this.key.publicKey));
    this.devKey = key.isDevKey;
  }

  issuer(): Address {
    return this.address;
  }

  isDevKey(): boolean {
    return this.devKey;
  }

  newAttestationId(): string {
    return `att_${hexlify(randomBytes(16)).slice(2)}`;
  }

  sign(payload: AttestationPayload): TE.TaskEither<SigningFailure, string> {
    return TE.tryCatch(
      async () => this.key.sign(digestOf(payload)).serialized,
      (error) => signingFailure(error instanceof Error ? error.message : String(error)),
    );
  }

  flagsHash(codes: readonly string[]): string {
    return keccak256(concat(canonicalFlagCodes(codes).map((code) => keccak256(toUtf8Bytes(code)))));
  }

  recoverSigner(payload: AttestationPayload, signature: string): Address | null {
    try {
      return asAddress(recoverAddress(digestOf(payload), signature));
    } catch {
      // Not a signature at all (bad v, r or s): it recovers to nobody.
      return null;
    }
  }
}
