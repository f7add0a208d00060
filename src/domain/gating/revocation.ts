import * as E from "fp-ts/Either";
import { isWellFormedText } from "../text/well-formed-text";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";

/**
 * A revoked attestation: Credence's own (`att_<32 hex>`) or an EAS offchain attestation, named by
 * its UID (`0x<64 hex>`, held in lowercase so equality is plain `===`).
 */
export interface Revocation {
  readonly id: string;
  /** ISO 8601, the instant the first revocation of this id was recorded. */
  readonly revokedAt: string;
  readonly reason: string;
}

export const MAX_REVOCATION_REASON = 200;
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
  readonly reason: string;
}

/** POST /api/gating/revoke: `{id, reason}`, reason 1-200 characters of well-formed text. */
export function decodeRevokeRequest(body: unknown): E.Either<GatingInputError, RevokeCommand> {
  const b = isJsonObject(body) ? body : {};
  const id = parseAttestationId(b.id);
  if (id === undefined) return E.left(gatingInputError("invalid_attestation_id"));
  const reason = typeof b.reason === "string" ? b.reason.trim() : "";
  if (reason === "" || reason.length > MAX_REVOCATION_REASON || !isWellFormedText(reason)) {
    return E.left(gatingInputError("invalid_reason"));
  }
  return E.right({ id, reason });
}
