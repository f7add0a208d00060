import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import type { SubjectType } from "./attestation";
import { ChainIdCodec, SubjectTypeCodec, UseClassCodec } from "./attestation-codec";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";
import type { UseClass } from "./use-class";

/** `credence`: Credence's own EIP-712 struct (the default); `eas`: an EAS offchain attestation (v2). */
export const ATTESTATION_FORMATS = ["credence", "eas"] as const;
export type AttestationFormat = (typeof ATTESTATION_FORMATS)[number];

/** POST /api/gating/attest, decoded. */
export interface AttestCommand {
  readonly subject: Address;
  readonly subjectType: SubjectType;
  readonly useClass: UseClass;
  /** Omitted: the chain the service scores (the use-case fills it in). */
  readonly chainId?: number;
  /** Omitted: the use class's default lifetime. Out of bounds: clamped, with a note. */
  readonly ttlSeconds?: number;
  /** Omitted: `credence`. */
  readonly format?: AttestationFormat;
}

/**
 * Field rules: `subject` required address; `subjectType` wallet|token (default wallet);
 * `useClass` required; `chainId` positive integer (optional); `ttlSeconds` integer (optional,
 * any value is clamped into the class's bounds, but it must be an integer); `format` credence|eas
 * (default credence).
 */
export function decodeAttestRequest(body: unknown): E.Either<GatingInputError, AttestCommand> {
  const b = isJsonObject(body) ? body : {};
  const subject = parseAddress(b.subject);
  if (subject === undefined) return E.left(gatingInputError("invalid_subject"));

  const subjectType =
    b.subjectType === undefined ? E.right<unknown, SubjectType>("wallet") : SubjectTypeCodec.decode(b.subjectType);
  if (E.isLeft(subjectType)) return E.left(gatingInputError("invalid_subject_type"));

  const useClass = UseClassCodec.decode(b.useClass);
  if (E.isLeft(useClass)) return E.left(gatingInputError("invalid_use_class"));

  if (b.chainId !== undefined && E.isLeft(ChainIdCodec.decode(b.chainId))) {
    return E.left(gatingInputError("invalid_chain_id"));
  }
  if (b.ttlSeconds !== undefined && !Number.isSafeInteger(b.ttlSeconds)) return E.left(gatingInputError("invalid_ttl"));
  if (b.format !== undefined && !(ATTESTATION_FORMATS as readonly unknown[]).includes(b.format)) {
    return E.left(gatingInputError("invalid_format"));
  }

  return E.right({
    subject,
    subjectType: subjectType.right,
    useClass: useClass.right,
    ...(b.format === undefined ? {} : { format: b.format as AttestationFormat }),
    ...(b.chainId === undefined ? {} : { chainId: b.chainId as number }),
    ...(b.ttlSeconds === undefined ? {} : { ttlSeconds: b.ttlSeconds as number }),
  });
}
