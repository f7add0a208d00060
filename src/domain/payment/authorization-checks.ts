import { parseAddress, type Address } from "../chain/address";
import type { ChainTime } from "../chain/chain-types";
import type { AuthorizationProof, Eip3009Authorization } from "./payment-proof";
import type { PaymentReason } from "./payment-reason";
import { caip2Network, checkExactValue, type PaymentTerms } from "./payment-terms";

/**
 * Checks that need only the proof and our terms, in x402's order: scheme, network, what a v2
 * payload says it accepted, recipient, value (exactly the price, whichever the version).
 */
export function checkAuthorizationTerms(proof: AuthorizationProof, terms: PaymentTerms): PaymentReason | null {
  if (proof.scheme !== terms.scheme) return "invalid_scheme";
  // Either spelling names the same chain; the EIP-712 domain pins the chain id anyway.
  if (proof.network !== terms.network && proof.network !== caip2Network(terms)) return "invalid_network";
  const accepted = proof.accepted;
  if (
    accepted !== null &&
    (parseAddress(accepted.asset) !== terms.asset ||
      parseAddress(accepted.payTo) !== terms.payTo ||
      !/^[0-9]+$/.test(accepted.amount) ||
      BigInt(accepted.amount) !== terms.price)
  ) {
    return "invalid_payment_requirements";
  }
  const { to, value } = proof.authorization;
  if (to !== terms.payTo) return "invalid_exact_evm_payload_recipient_mismatch";
  return checkExactValue(value, terms);
}

/**
 * The validity window against chain time. validBefore must leave a margin for settlement to
 * land (EIP-3009 requires block.timestamp < validBefore when it is mined).
 */
export function checkAuthorizationWindow(
  authorization: Eip3009Authorization,
  terms: PaymentTerms,
  now: ChainTime,
): PaymentReason | null {
  if (authorization.validBefore < BigInt(now + terms.validBeforeMarginSeconds)) {
    return "invalid_exact_evm_payload_authorization_valid_before";
  }
  if (authorization.validAfter > BigInt(now)) return "invalid_exact_evm_payload_authorization_valid_after";
  return null;
}

/**
 * Until when an authorization could still be replayed: its validBefore, capped so that storage
 * (a signed 64-bit column) and JS numbers hold it; a cap in the year 285 million is no risk.
 */
export function authorizationReplayableUntil(authorization: Eip3009Authorization): ChainTime {
  const cap = BigInt(Number.MAX_SAFE_INTEGER);
  return Number(authorization.validBefore > cap ? cap : authorization.validBefore);
}

/** What a verifier read from the chain about one authorization. */
export interface AuthorizationFacts {
  /** Head block timestamp. */
  readonly now: ChainTime;
  /** Address recovered from the EIP-712 signature; null when nothing could be recovered. */
  readonly signer: Address | null;
  /** The payer's balance of the asset. */
  readonly balance: bigint;
  /** `authorizationState(from, nonce)` on the asset contract. */
  readonly nonceUsed: boolean;
}

/** Every check, cheapest first; null when the authorization would settle. */
export function checkAuthorization(
  proof: AuthorizationProof,
  terms: PaymentTerms,
  facts: AuthorizationFacts,
): PaymentReason | null {
  const termsReason = checkAuthorizationTerms(proof, terms);
  if (termsReason !== null) return termsReason;
  if (facts.signer !== proof.authorization.from) return "invalid_exact_evm_payload_signature";
  const windowReason = checkAuthorizationWindow(proof.authorization, terms, facts.now);
  if (windowReason !== null) return windowReason;
  if (facts.nonceUsed) return "nonce_already_used";
  if (facts.balance < proof.authorization.value) return "insufficient_funds";
  return null;
}
