import { SCORING_VERSION_BY_SUBJECT_TYPE, type AttestationPayload } from "./attestation";
import { MIN_TTL_SECONDS, TTL_POLICY } from "./use-class";

import { attestationDomain } from "./attestation-domain";

/**
 * The EIP-712 definition an attestation is signed under, published so a relying party can verify
 * offline with any EIP-712 library or on chain with `ecrecover` (the domain is in attestation-domain.ts).
 */
export const ATTESTATION_PRIMARY_TYPE = "Attestation";

export interface TypedDataField {
  readonly name: string;
  readonly type: string;
}

export const EIP712_DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
];

/** Field order is part of the signature: never reorder, only add under a new domain version. */
export const ATTESTATION_FIELDS: readonly TypedDataField[] = [
  { name: "id", type: "string" },
  { name: "subject", type: "address" },
  { name: "subjectType", type: "string" },
  { name: "useClass", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "score", type: "uint8" },
  { name: "tier", type: "string" },
  { name: "confidence", type: "uint8" },
  { name: "flagsHash", type: "bytes32" },
  { name: "scoringVersion", type: "string" },
  { name: "issuedAt", type: "uint64" },
  { name: "expiresAt", type: "uint64" },
  { name: "issuer", type: "address" },
  { name: "snapshotId", type: "string" },
  { name: "devSigned", type: "bool" },
];

/** `types` for signTypedData / TypedDataEncoder (EIP712Domain is implied by those libraries). */
export const ATTESTATION_TYPES: { readonly Attestation: readonly TypedDataField[] } = {
  [ATTESTATION_PRIMARY_TYPE]: ATTESTATION_FIELDS,
};

/** The struct value to sign: exactly the payload's fields, nothing more. */
export function attestationMessage(payload: AttestationPayload): Record<string, string | number | boolean> {
  const message: Record<string, string | number | boolean> = {};
  for (const field of ATTESTATION_FIELDS) message[field.name] = payload[field.name as keyof AttestationPayload];
  return message;
}

export interface IssuerDescription {
  readonly address: string;
  readonly devSigned: boolean;
}

/**
 * The JSON served at `GET /api/gating/schema` (and referenced from the OpenAPI document).
 * `types` holds only the struct, as ethers' `verifyTypedData` requires (it refuses an `EIP712Domain`
 * entry) and viem accepts; `domainTypes` adds the `EIP712Domain` entry that `eth_signTypedData_v4`
 * payloads need. `domain` is complete and numeric: every attestation of this service carries exactly it.
 */
export function gatingSchemaDocument(issuer: IssuerDescription, chainId: number) {
  return {
    issuer,
    primaryType: ATTESTATION_PRIMARY_TYPE,
    domain: attestationDomain(chainId),
    types: ATTESTATION_TYPES,
    domainTypes: { EIP712Domain: EIP712_DOMAIN_FIELDS },
    unsignedFields: {
      flags: "the flag codes; flagsHash commits to them",
      signature: "0x-prefixed 65-byte r||s||v secp256k1 signature over the EIP-712 digest",
    },
    flagsHash:
      "keccak256 of the concatenated keccak256(utf8(code)) of the de-duplicated flag codes sorted in ascending " +
      "code-unit order, i.e. the EIP-712 encoding of that list as string[]; the empty list hashes to keccak256(0x)",
    times: "issuedAt and expiresAt are Unix seconds; an attestation is expired from expiresAt on",
    scoringVersions: SCORING_VERSION_BY_SUBJECT_TYPE,
    ttlPolicy: { minSeconds: MIN_TTL_SECONDS, byUseClass: TTL_POLICY },
    verification:
      "verifyTypedData(attestation.domain, schema.types, attestation, attestation.signature) recovers the signer; " +
      "recover the signer from the digest, require it to equal the attestation's `issuer` and that to be the " +
      "issuer published here (devSigned issuers are throwaway development keys: never trust them in production), check chainId, subject, expiresAt against your clock, and flagsHash against flags",
  };
}
