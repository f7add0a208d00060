import * as E from "fp-ts/Either";
import { optionalPlainNote } from "../text/plain-text";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";

/**
 * Why an attestation was revoked: one code from a fixed list, so the published list carries data a relying party
 * can act on, never prose chosen by whoever held a key.
 */
export const REVOCATION_REASONS = [
  "key_compromised",
  "score_changed",
  "issued_in_error",
  "dispute_upheld",
  "other",
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

export const isRevocationReason = (value: unknown): value is RevocationReason =>
  typeof value === "string" && (REVOCATION_REASONS as readonly string[]).includes(value);

/**
 * A revoked attestation: Credence's own (`att_<32 hex>`) or an EAS offchain attestation, named by
 * its UID (`0x<64 hex>`, held in lowercase so equality is plain `===`).
 */
export interface Revocation {
  readonly id: string;
  /** ISO 8601, the instant the first revocation of this id was recorded. */
  readonly revokedAt: string;
  readonly reason: RevocationReason;
  /** The operator's plain-text note (at most MAX_REVOCATION_NOTE, one line), or null. */
  readonly note: string | null;
}

export const MAX_REVOCATION_NOTE = 200;
/** The published list is bounded; a relying party polling it sees the newest this many. */
export const REVOCATIONS_LISTED = 1000;

const ATTESTATION_ID = /^att_[0-9a-f]{32}$/;
const EAS_UID = /^0x[0-9a-fA-F]{64}$/;

/** The canonical form of an attestation id, or undefined when it names no attestation we could issue. */
export function parseAttestationId(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (ATTESTATION_ID.test(value)) return value;
  if (EAS_UID.test(value)) return value.toLowerCase();
  return undefined;
}

export interface RevokeCommand {
  readonly id: string;
  readonly reason: RevocationReason;
  readonly note: string | null;
}

/** The note as it is stored and published, or undefined when it is not plain text of at most 200 characters. */
export const revocationNote = (value: unknown): string | null | undefined =>
  optionalPlainNote(value, MAX_REVOCATION_NOTE);

/** POST /api/gating/revoke: `{id, reason, note?}`; a bad reason or note is `invalid_reason`. */
export function decodeRevokeRequest(body: unknown): E.Either<GatingInputError, RevokeCommand> {
  const b = isJsonObject(body) ? body : {};
  const id = parseAttestationId(b.id);
  if (id === undefined) return E.left(gatingInputError("invalid_attestation_id"));
  if (!isRevocationReason(b.reason)) return E.left(gatingInputError("invalid_reason"));
  const note = revocationNote(b.note);
  if (note === undefined) return E.left(gatingInputError("invalid_reason"));
  return E.right({ id, reason: b.reason, note });
}
