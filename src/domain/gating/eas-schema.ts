/**
 * The EAS (Ethereum Attestation Service) schema Credence attests under, offchain version 2
 * (EIP-712 typed data `Attest` with a salt). The schema UID is keccak256(schema, resolver, revocable)
 * as the EAS SchemaRegistry computes it, so the same UID names it on any chain that registers it.
 */
export const EAS_SCHEMA =
  "address subject,string useClass,uint8 score,string tier,uint8 confidence,bytes32 flagsHash,string scoringVersion";

/** No resolver contract: nothing on chain decides who may attest under the schema. */
export const EAS_SCHEMA_RESOLVER = "0x0000000000000000000000000000000000000000";

/** Revocable: revocations are published at GET /api/gating/revocations (offchain, by UID). */
export const EAS_SCHEMA_REVOCABLE = true;

/** EAS's own name for its EIP-712 domain; the version is the EAS contract's (configured). */
export const EAS_DOMAIN_NAME = "EAS Attestation";

/** Offchain attestation version 2 (the salted one, current in the EAS SDK). */
export const EAS_OFFCHAIN_VERSION = 2;

export interface EasDeployment {
  /** The EAS contract address the domain names as `verifyingContract`. */
  readonly contract: string;
  /** The EAS contract version string (its EIP-712 domain version), e.g. `1.3.0`. */
  readonly version: string;
  readonly chainId: number;
}

/** What the schema's data says, decoded; times are the attestation's `time` and `expirationTime`. */
export interface EasClaims {
  readonly subject: string;
  readonly useClass: string;
  readonly score: number;
  readonly tier: string;
  readonly confidence: number;
  readonly flagsHash: string;
  readonly scoringVersion: string;
  /** Unix seconds (`time`). */
  readonly issuedAt: number;
  /** Unix seconds (`expirationTime`): expired from this instant. */
  readonly expiresAt: number;
}

/** The EAS part of GET /api/gating/schema. */
export function easSchemaDocument(deployment: EasDeployment, schemaUid: string, attester: string) {
  return {
    schema: EAS_SCHEMA,
    schemaUid,
    resolver: EAS_SCHEMA_RESOLVER,
    revocable: EAS_SCHEMA_REVOCABLE,
    attester,
    offchainVersion: EAS_OFFCHAIN_VERSION,
    domain: {
      name: EAS_DOMAIN_NAME,
      version: deployment.version,
      chainId: deployment.chainId,
      verifyingContract: deployment.contract,
    },
    verification:
      "new Offchain({address: domain.verifyingContract, version: domain.version, chainId: BigInt(domain.chainId)}, 2, eas)" +
      ".verifyOffchainAttestationSignature(attester, attestation) with @ethereum-attestation-service/eas-sdk; " +
      "then require message.schema == schemaUid, recipient == the subject at hand, expirationTime in the future, " +
      "and the uid absent from GET /api/gating/revocations (or ask POST /api/gating/verify)",
  };
}
