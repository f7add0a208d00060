import * as TE from "fp-ts/TaskEither";
import { Signature, Wallet, getAddress, verifyTypedData } from "ethers";
import type * as EasSdk from "@ethereum-attestation-service/eas-sdk";
import { signingFailure, type SigningFailure } from "../../application/ports/attestation-signer.port";
import type {
  EasAttestationSigner,
  EasOffchainAttestation,
  EasReading,
} from "../../application/ports/eas-attestation-signer.port";
import {
  EAS_DOMAIN_NAME,
  EAS_SCHEMA,
  EAS_SCHEMA_RESOLVER,
  EAS_SCHEMA_REVOCABLE,
  type EasClaims,
  type EasDeployment,
} from "../../domain/gating/eas-schema";
import { decodeEasOffchain, type EasOffchainDocument } from "./eas-offchain-codec";
import { decodeEasClaims, encodeEasClaims } from "./eas-schema-data";
import { easSdk } from "./eas-sdk";

const ZERO_BYTES32 = `0x${"0".repeat(64)}`;
const bigintsAsText = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

interface SdkParts {
  readonly offchain: EasSdk.Offchain;
  readonly uid: string;
  readonly attestTypes: Record<string, { name: string; type: string }[]>;
}

/** EAS offchain attestations (v2) signed with the attestation key through the EAS SDK. */
export class EasSdkAttestationSigner implements EasAttestationSigner {
  private readonly wallet: Wallet;
  private made: SdkParts | undefined;

  constructor(
    privateKey: string,
    private readonly deployment: EasDeployment,
  ) {
    this.wallet = new Wallet(privateKey);
  }

  /** The SDK's objects, made at the first use (the SDK loads then, see eas-sdk.ts), not at start. */
  private get parts(): SdkParts {
    if (this.made !== undefined) return this.made;
    const sdk = easSdk();
    const d = this.deployment;
    const config = { address: d.contract, version: d.version, chainId: BigInt(d.chainId) };
    const signing = sdk.OFFCHAIN_ATTESTATION_TYPES[sdk.OffchainAttestationVersion.Version2][0]!;
    this.made = {
      offchain: new sdk.Offchain(config, sdk.OffchainAttestationVersion.Version2, new sdk.EAS(d.contract)),
      uid: sdk.SchemaRegistry.getSchemaUID(EAS_SCHEMA, EAS_SCHEMA_RESOLVER, EAS_SCHEMA_REVOCABLE),
      attestTypes: signing.types,
    };
    return this.made;
  }

  schemaUid(): string {
    return this.parts.uid;
  }

  sign(claims: EasClaims): TE.TaskEither<SigningFailure, EasOffchainAttestation> {
    return TE.tryCatch(
      async () => {
        const { offchain, uid } = this.parts;
        const signed = await offchain.signOffchainAttestation(
          {
            schema: uid,
            recipient: getAddress(claims.subject),
            time: BigInt(claims.issuedAt),
            expirationTime: BigInt(claims.expiresAt),
            revocable: EAS_SCHEMA_REVOCABLE,
            refUID: ZERO_BYTES32,
            data: encodeEasClaims(claims),
          },
          this.wallet,
        );
        const document = JSON.parse(JSON.stringify(signed, bigintsAsText)) as Record<string, unknown>;
        return { uid: signed.uid, document };
      },
      (error) => signingFailure(error instanceof Error ? error.message : String(error)),
    );
  }

  read(presented: Readonly<Record<string, unknown>>): EasReading | undefined {
    const doc = decodeEasOffchain(presented);
    const { uid, attestTypes } = this.parts;
    if (doc === undefined || !sameTypes(presented.types, attestTypes)) return undefined;
    const m = doc.message;
    const chainId = Number(doc.domain.chainId);
    const uidMatches =
      easSdk().Offchain.getOffchainUID(
        2,
        m.schema,
        m.recipient,
        BigInt(m.time),
        BigInt(m.expirationTime),
        m.revocable,
        m.refUID,
        m.data,
        m.salt,
      ) === doc.uid;
    const claims = decodeEasClaims(m.data, Number(m.time), Number(m.expirationTime));
    return {
      uid: doc.uid.toLowerCase(),
      chainId,
      domainMatches: this.isOurDomain(doc),
      schemaMatches: m.schema.toLowerCase() === uid.toLowerCase(),
      signer: uidMatches ? this.recover(doc) : null,
      // The recipient is the subject: data claiming another subject is not our attestation.
      claims: claims !== null && claims.subject.toLowerCase() === m.recipient.toLowerCase() ? claims : null,
    };
  }

  private isOurDomain(doc: EasOffchainDocument): boolean {
    const d = doc.domain;
    return (
      d.name === EAS_DOMAIN_NAME &&
      d.version === this.deployment.version &&
      d.chainId === String(this.deployment.chainId) &&
      d.verifyingContract.toLowerCase() === this.deployment.contract.toLowerCase()
    );
  }

  private recover(doc: EasOffchainDocument): string | null {
    try {
      const signature = Signature.from({ v: doc.signature.v, r: doc.signature.r, s: doc.signature.s }).serialized;
      const domain = { ...doc.domain, chainId: BigInt(doc.domain.chainId) };
      return verifyTypedData(domain, this.parts.attestTypes, doc.message, signature).toLowerCase();
    } catch {
      // r or s out of range: the signature recovers to nobody.
      return null;
    }
  }
}

/** The presented `types` must be exactly EAS v2's `Attest` struct (the SDK refuses anything else too). */
function sameTypes(presented: unknown, expected: Record<string, { name: string; type: string }[]>): boolean {
  return JSON.stringify(presented) === JSON.stringify(expected);
}
