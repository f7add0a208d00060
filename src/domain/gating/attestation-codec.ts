import * as t from "io-ts";
import { isRight } from "fp-ts/Either";
import { AddressCodec } from "../chain/address";
import { isWellFormedText } from "../text/well-formed-text";
import { attestationDomain, isAttestationDomain } from "./attestation-domain";
import { SUBJECT_TYPES, type SignedAttestation } from "./attestation";
import { USE_CLASSES } from "./use-class";

/** Bounded so a hostile body cannot make us hash megabytes (the edge also caps bodies at 64 KiB). */
const MAX_TEXT = 200;
const MAX_FLAGS = 64;

/** Short, well-formed text: a lone surrogate has no UTF-8 form, so it could never be hashed or signed. */
const isBoundedText = (u: unknown): u is string => typeof u === "string" && u.length <= MAX_TEXT && isWellFormedText(u);
const boundedText = new t.Type<string, string, unknown>(
  "BoundedText",
  isBoundedText,
  (u, c) => (isBoundedText(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const integerIn = (name: string, min: number, max: number) =>
  new t.Type<number, number, unknown>(
    name,
    (u): u is number => Number.isSafeInteger(u) && (u as number) >= min && (u as number) <= max,
    (u, c) =>
      Number.isSafeInteger(u) && (u as number) >= min && (u as number) <= max
        ? t.success(u as number)
        : t.failure(u, c),
    t.identity,
  );

const hexOfBytes = (name: string, bytes: number) => {
  const pattern = new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`);
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === "string" && pattern.test(u),
    (u, c) => (typeof u === "string" && pattern.test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  );
};

export const Bytes32Codec = hexOfBytes("Bytes32", 32);
export const SignatureCodec = hexOfBytes("Signature", 65);
export const ChainIdCodec = integerIn("ChainId", 1, Number.MAX_SAFE_INTEGER);
const Percent = integerIn("Percent", 0, 100);
const UnixSeconds = integerIn("UnixSeconds", 0, Number.MAX_SAFE_INTEGER);

const literalUnion = <V extends string>(values: readonly V[], name: string) =>
  new t.Type<V, V, unknown>(
    name,
    (u): u is V => typeof u === "string" && (values as readonly string[]).includes(u),
    (u, c) =>
      typeof u === "string" && (values as readonly string[]).includes(u) ? t.success(u as V) : t.failure(u, c),
    t.identity,
  );

export const SubjectTypeCodec = literalUnion(SUBJECT_TYPES, "SubjectType");
export const UseClassCodec = literalUnion(USE_CLASSES, "UseClass");

/**
 * An attestation as a relying party sends it back. Unknown extra fields are ignored; `domain` may be
 * left out (it follows from `chainId`), but when sent it must be exactly the domain of that chain.
 */
export const SignedAttestationCodec = t.type({
  id: boundedText,
  subject: AddressCodec,
  subjectType: SubjectTypeCodec,
  useClass: UseClassCodec,
  chainId: ChainIdCodec,
  score: Percent,
  tier: boundedText,
  confidence: Percent,
  flags: t.refinement(t.array(boundedText), (flags) => flags.length <= MAX_FLAGS, "Flags"),
  flagsHash: Bytes32Codec,
  scoringVersion: boundedText,
  issuedAt: UnixSeconds,
  expiresAt: UnixSeconds,
  issuer: AddressCodec,
  snapshotId: boundedText,
  devSigned: t.boolean,
  signature: SignatureCodec,
});

/** The attestation's fields, or undefined when its shape is wrong (verify answers `malformed`). */
export function decodeSignedAttestation(raw: unknown): SignedAttestation | undefined {
  const decoded = SignedAttestationCodec.decode(raw);
  if (!isRight(decoded)) return undefined;
  const presentedDomain = (raw as { domain?: unknown }).domain;
  if (presentedDomain !== undefined && !isAttestationDomain(presentedDomain, decoded.right.chainId)) return undefined;
  // t.type keeps unknown keys; copy only the known ones so nothing unsigned rides along.
  const a = decoded.right;
  return {
    id: a.id,
    subject: a.subject,
    subjectType: a.subjectType,
    useClass: a.useClass,
    chainId: a.chainId,
    score: a.score,
    tier: a.tier,
    confidence: a.confidence,
    flags: a.flags,
    flagsHash: a.flagsHash,
    scoringVersion: a.scoringVersion,
    issuedAt: a.issuedAt,
    expiresAt: a.expiresAt,
    issuer: a.issuer,
    snapshotId: a.snapshotId,
    devSigned: a.devSigned,
    signature: a.signature,
    domain: attestationDomain(a.chainId),
  };
}
