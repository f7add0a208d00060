/**
 * Input errors of the gating paths, each answered `400 {error: code}` by the edge.
 * `invalid_json` is the edge's own (body is not JSON) and is not produced here.
 */
export const GATING_INPUT_ERROR_CODES = [
  // attest
  "invalid_subject",
  "invalid_subject_type",
  "invalid_use_class",
  "invalid_chain_id",
  "invalid_ttl",
  "invalid_format",
  // verify
  "attestation_required",
  // revoke
  "invalid_attestation_id",
  "invalid_reason",
  // check
  "invalid_wallet",
  "invalid_network",
  "ladder_required",
  "ladder_preset_forbidden",
  "invalid_ladder",
  "invalid_ladder_preset",
  "protocol_id_required",
  "invalid_capability",
  "invalid_amount",
] as const;
export type GatingInputErrorCode = (typeof GATING_INPUT_ERROR_CODES)[number];

export interface GatingInputError {
  readonly _tag: "GatingInputError";
  readonly code: GatingInputErrorCode;
}

export const gatingInputError = (code: GatingInputErrorCode): GatingInputError => ({ _tag: "GatingInputError", code });

/** A JSON object (not an array, not null): what every gating body must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
