/**
 * Every error code the HTTP edge can answer, and the one place that decides its status.
 * the API contract names most codes; where it leaves the status open ("n/a") the choice is made here
 * and listed in docs/errors.md.
 */
export type ApiErrorCode =
  // input errors
  | "invalid_address"
  | "invalid_json"
  | "addresses_required"
  | "too_many_addresses"
  | "invalid_addresses"
  | "invalid_subject"
  | "invalid_subject_type"
  | "invalid_use_class"
  | "invalid_chain_id"
  | "invalid_ttl"
  | "invalid_format"
  | "invalid_attestation_id"
  | "invalid_reason"
  | "invalid_audience"
  | "invalid_min_score"
  | "invalid_required"
  | "invalid_transaction"
  | "transaction_not_batched"
  | "invalid_resource"
  | "attestation_required"
  | "invalid_wallet"
  | "ladder_required"
  | "invalid_ladder"
  | "invalid_ladder_preset"
  | "invalid_capability"
  | "invalid_amount"
  | "invalid_network"
  | "ladder_preset_forbidden"
  | "protocol_id_required"
  | "invalid_request"
  | "contract_not_wallet"
  | "wallet_not_token"
  | "not_nft_contract"
  | "invalid_coin_type"
  | "payload_too_large"
  | "headers_too_large"
  | "method_not_allowed"
  // payment
  | "payment_required"
  | "invalid_payment"
  | "payment_identifier_conflict"
  | "payment_in_progress"
  | "sanctioned_payer"
  // access
  | "unauthorized"
  | "manage_token_required"
  | "sign_in_failed"
  | "registration_not_found"
  | "cluster_not_found"
  | "not_found"
  | "coin_not_found"
  | "subscription_cancelled"
  | "dispute_already_decided"
  | "route_not_found"
  | "rate_limited"
  | "write_budget_exhausted"
  // upstream and product failures
  | "detection_failed"
  | "scoring_unavailable"
  | "batch_failed"
  | "oracle_unavailable"
  | "explorer_failed"
  | "attest_failed"
  | "check_failed"
  | "staking_analysis_failed"
  | "sui_unavailable"
  | "payee_challenge_unavailable"
  | "not_a_payment_challenge"
  | "registry_unavailable"
  | "scan_failed"
  | "not_implemented"
  | "not_ready"
  | "storage_unavailable"
  | "internal_error";

export interface ApiError {
  readonly code: ApiErrorCode;
  /** Extra body fields next to `error` (e.g. `max`, `reason`, `redirect`). */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const apiError = (
  code: ApiErrorCode,
  fields?: Readonly<Record<string, unknown>>,
  headers?: Readonly<Record<string, string>>,
): ApiError => ({ code, fields, headers });

export function assertNever(value: never): never {
  throw new Error(`unhandled error code: ${String(value)}`);
}

export function statusOf(code: ApiErrorCode): number {
  switch (code) {
    case "invalid_address":
    case "invalid_json":
    case "addresses_required":
    case "too_many_addresses":
    case "invalid_addresses":
    case "invalid_subject":
    case "invalid_subject_type":
    case "invalid_use_class":
    case "invalid_chain_id":
    case "invalid_ttl":
    case "invalid_format":
    case "invalid_attestation_id":
    case "invalid_reason":
    case "invalid_audience":
    case "invalid_min_score":
    case "invalid_required":
    case "invalid_transaction":
    case "transaction_not_batched":
    case "invalid_resource":
    case "attestation_required":
    case "invalid_wallet":
    case "ladder_required":
    case "invalid_ladder":
    case "invalid_ladder_preset":
    case "invalid_capability":
    case "invalid_amount":
    case "invalid_network":
    case "ladder_preset_forbidden":
    case "protocol_id_required":
    case "invalid_request":
    case "contract_not_wallet":
    case "wallet_not_token":
    case "not_nft_contract":
    case "invalid_coin_type":
      return 400;
    case "unauthorized":
    case "manage_token_required":
    case "sign_in_failed":
      return 401;
    case "sanctioned_payer":
      return 403;
    case "payment_required":
      return 402;
    case "registration_not_found":
    case "cluster_not_found":
    case "not_found":
    case "coin_not_found":
    case "route_not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "subscription_cancelled":
    case "dispute_already_decided":
    case "payment_identifier_conflict":
    case "payment_in_progress":
      return 409;
    case "payload_too_large":
      return 413;
    case "headers_too_large":
      return 431;
    case "invalid_payment":
    case "not_a_payment_challenge":
      return 422;
    case "rate_limited":
    case "write_budget_exhausted":
      return 429;
    case "internal_error":
      return 500;
    case "not_implemented":
      return 501;
    case "not_ready":
    case "storage_unavailable":
      return 503;
    case "detection_failed":
    case "scoring_unavailable":
    case "batch_failed":
    case "oracle_unavailable":
    case "explorer_failed":
    case "attest_failed":
    case "check_failed":
    case "staking_analysis_failed":
    case "sui_unavailable":
    case "payee_challenge_unavailable":
    case "registry_unavailable":
    case "scan_failed":
      return 502;
    default:
      return assertNever(code);
  }
}

/**
 * Every code at run time, for clients and the attack suite that check an error body names a
 * documented code. A `Record` over the union makes the compiler refuse a code added above but
 * forgotten here (or the reverse).
 */
const EVERY_CODE: Readonly<Record<ApiErrorCode, true>> = {
  sanctioned_payer: true,
  registry_unavailable: true,
  invalid_address: true,
  invalid_transaction: true,
  transaction_not_batched: true,
  invalid_json: true,
  addresses_required: true,
  too_many_addresses: true,
  invalid_addresses: true,
  invalid_subject: true,
  invalid_subject_type: true,
  invalid_use_class: true,
  invalid_chain_id: true,
  invalid_ttl: true,
  invalid_format: true,
  invalid_attestation_id: true,
  invalid_reason: true,
  invalid_audience: true,
  invalid_min_score: true,
  invalid_required: true,
  invalid_resource: true,
  attestation_required: true,
  invalid_wallet: true,
  ladder_required: true,
  invalid_ladder: true,
  invalid_ladder_preset: true,
  invalid_capability: true,
  invalid_amount: true,
  invalid_network: true,
  ladder_preset_forbidden: true,
  protocol_id_required: true,
  invalid_request: true,
  contract_not_wallet: true,
  wallet_not_token: true,
  not_nft_contract: true,
  invalid_coin_type: true,
  payload_too_large: true,
  headers_too_large: true,
  method_not_allowed: true,
  payment_required: true,
  invalid_payment: true,
  payment_identifier_conflict: true,
  payment_in_progress: true,
  unauthorized: true,
  manage_token_required: true,
  sign_in_failed: true,
  registration_not_found: true,
  cluster_not_found: true,
  not_found: true,
  coin_not_found: true,
  subscription_cancelled: true,
  dispute_already_decided: true,
  route_not_found: true,
  rate_limited: true,
  write_budget_exhausted: true,
  detection_failed: true,
  scoring_unavailable: true,
  batch_failed: true,
  oracle_unavailable: true,
  explorer_failed: true,
  attest_failed: true,
  check_failed: true,
  staking_analysis_failed: true,
  sui_unavailable: true,
  payee_challenge_unavailable: true,
  not_a_payment_challenge: true,
  scan_failed: true,
  not_implemented: true,
  not_ready: true,
  storage_unavailable: true,
  internal_error: true,
};

export const API_ERROR_CODES: readonly ApiErrorCode[] = Object.keys(EVERY_CODE) as ApiErrorCode[];

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(EVERY_CODE, value);
