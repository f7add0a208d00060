/**
 * Why a payment was refused. The first group are x402's own `ErrorReasons`, spelled exactly as
 * coinbase/x402 does, so x402 clients recognise them; the rest are Credence's, in the same style.
 */
export const X402_REASONS = [
  "insufficient_funds",
  "invalid_exact_evm_payload_authorization_valid_after",
  "invalid_exact_evm_payload_authorization_valid_before",
  "invalid_exact_evm_payload_authorization_value",
  "invalid_exact_evm_payload_signature",
  "invalid_exact_evm_payload_recipient_mismatch",
  "invalid_network",
  "invalid_payload",
  "invalid_payment_requirements",
  "invalid_scheme",
  "unsupported_scheme",
  "invalid_x402_version",
  "invalid_transaction_state",
  "unexpected_verify_error",
  "unexpected_settle_error",
] as const;

export const CREDENCE_REASONS = [
  /** The authorization nonce (or transfer) was already spent on chain or reserved here. */
  "nonce_already_used",
  /** Transfer proof: no receipt for txHash (unknown or still pending). */
  "invalid_transfer_not_found",
  "invalid_transfer_reverted",
  /** Transfer proof: no `Transfer` log of the asset to the payee in that transaction. */
  "invalid_transfer_recipient_mismatch",
  /** Transfer proof: the block is older than the configured age. */
  "invalid_transfer_expired",
  /** Transfer proof: keccak256(nonce) is not the commitment at the end of the calldata. */
  "invalid_transfer_nonce",
  /**
   * Transfer proof: not a plain `transfer(payTo, value)` or `transferFrom(payer, payTo, value)` call by
   * the payer to the asset (plus the commitment word), e.g. an EIP-3009 settlement, which already
   * bought its answer through its authorization.
   */
  "invalid_transfer_not_plain",
  /** The x402 payment-identifier extension carries an id that is not 16-128 of [A-Za-z0-9_-]. */
  "invalid_payment_identifier",
] as const;

export type X402Reason = (typeof X402_REASONS)[number];
export type PaymentReason = X402Reason | (typeof CREDENCE_REASONS)[number];

const KNOWN: ReadonlySet<string> = new Set<string>([...X402_REASONS, ...CREDENCE_REASONS]);

/**
 * x402 v2 SDK facilitators spell some reasons differently; map them onto ours so a client sees
 * one vocabulary whichever verifier answered.
 */
const V2_ALIASES: Readonly<Record<string, PaymentReason>> = {
  invalid_exact_evm_scheme: "invalid_scheme",
  invalid_exact_evm_network_mismatch: "invalid_network",
  invalid_exact_evm_signature: "invalid_exact_evm_payload_signature",
  invalid_exact_evm_recipient_mismatch: "invalid_exact_evm_payload_recipient_mismatch",
  invalid_exact_evm_authorization_value: "invalid_exact_evm_payload_authorization_value",
  invalid_exact_evm_nonce_already_used: "nonce_already_used",
  invalid_exact_evm_insufficient_balance: "insufficient_funds",
  invalid_exact_evm_transaction_failed: "invalid_transaction_state",
};

/** A reason string from elsewhere (a facilitator), or `fallback` when we do not know it. */
export function toPaymentReason(value: string | undefined, fallback: PaymentReason): PaymentReason {
  if (value === undefined) return fallback;
  if (KNOWN.has(value)) return value as PaymentReason;
  return V2_ALIASES[value] ?? fallback;
}
