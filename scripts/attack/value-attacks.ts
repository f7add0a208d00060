import type { Wallet } from "ethers";
import { signPayment, transferPayment } from "./payment-client";
import { refusedWith } from "./payment-outcome";
import type { PaymentAttacks } from "./payment-attacks";
import { signInHeader } from "./sign-in-header";

// Issue 28: value and sign-in attacks, on the bench PaymentAttacks keeps the money invariant on.

/** The payer of an answer signs in for it with a 5,000-character nonce: refused, nothing stored, nothing served. */
export async function longNonceSignIn(attacks: PaymentAttacks, payer: Wallet): Promise<void> {
  const outcome = await attacks.pay({
    "SIGN-IN-WITH-X": await signInHeader(attacks.w, attacks.path, payer, "n".repeat(5_000)),
  });
  attacks.record(
    "sign-in with a 5,000-character nonce",
    [outcome],
    0,
    0n,
    refusedWith(outcome, 401, "invalid_siwx_nonce_too_long"),
  );
}

/**
 * A v1 authorization and a transfer proof each worth 250 x the price: both refused. The
 * authorization moves nothing; the transfer moved its own money on chain, and buys nothing.
 */
export async function overpayment(attacks: PaymentAttacks, payer: Wallet): Promise<void> {
  const value = attacks.price() * 250n;
  const payeeBefore = await attacks.w.usdcBalance(attacks.challenge.v1.payTo);
  const v1 = await attacks.pay((await signPayment(attacks.w, payer, attacks.challenge, value)).v1);
  const moved = (await attacks.w.usdcBalance(attacks.challenge.v1.payTo)) - payeeBefore;
  const v1Failure =
    refusedWith(v1, 422, "invalid_exact_evm_payload_authorization_value") ??
    (moved === 0n ? null : `${moved} moved for a refused authorization`);
  attacks.record("overpaying v1 authorization (250 x price)", [v1], 0, 0n, v1Failure);
  const transfer = await transferPayment(attacks.w, payer, attacks.challenge, value);
  const proof = await attacks.pay(transfer.proof);
  const proofFailure = refusedWith(proof, 422, "invalid_exact_evm_payload_authorization_value");
  attacks.record("overpaying transfer proof (250 x price)", [proof], 0, value, proofFailure);
}
