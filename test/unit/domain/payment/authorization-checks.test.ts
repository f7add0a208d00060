import { expect } from "chai";
import {
  authorizationReplayableUntil,
  checkAuthorization,
  checkAuthorizationTerms,
  type AuthorizationFacts,
} from "../../../../src/domain/payment/authorization-checks";
import type { AuthorizationProof } from "../../../../src/domain/payment/payment-proof";
import { NOW, PAYER, STRANGER, TERMS, authorizationProof } from "./payment-fixtures";

const facts: AuthorizationFacts = { now: NOW, signer: PAYER, balance: 5_000n, nonceUsed: false };
const check = (proof: AuthorizationProof, change: Partial<AuthorizationFacts> = {}) =>
  checkAuthorization(proof, TERMS, { ...facts, ...change });

describe("authorization checks", () => {
  it("accepts a well-formed v1 and v2 authorization", () => {
    expect(check(authorizationProof(1))).to.equal(null);
    expect(check(authorizationProof(2))).to.equal(null);
  });

  it("invalid_scheme for anything but exact", () => {
    expect(check({ ...authorizationProof(1), scheme: "upto" })).to.equal("invalid_scheme");
  });

  it("invalid_network for another chain; either spelling of ours is accepted", () => {
    expect(check({ ...authorizationProof(1), network: "base-sepolia" })).to.equal("invalid_network");
    expect(check({ ...authorizationProof(2), network: "eip155:84532" })).to.equal("invalid_network");
    expect(check({ ...authorizationProof(1), network: "eip155:5042002" })).to.equal(null);
  });

  it("invalid_payment_requirements when a v2 payload accepted another asset, payee or amount", () => {
    const v2 = authorizationProof(2);
    const accepted = v2.accepted!;
    expect(check({ ...v2, accepted: { ...accepted, asset: STRANGER } })).to.equal("invalid_payment_requirements");
    expect(check({ ...v2, accepted: { ...accepted, payTo: STRANGER } })).to.equal("invalid_payment_requirements");
    expect(check({ ...v2, accepted: { ...accepted, amount: "999" } })).to.equal("invalid_payment_requirements");
    expect(check({ ...v2, accepted: { ...accepted, amount: "1e3" } })).to.equal("invalid_payment_requirements");
    expect(
      check({ ...v2, accepted: { ...accepted, payTo: accepted.payTo.toUpperCase().replace("0X", "0x") } }),
    ).to.equal(null);
  });

  it("invalid_exact_evm_payload_recipient_mismatch when `to` is not the payee", () => {
    expect(check(authorizationProof(1, { to: STRANGER }))).to.equal("invalid_exact_evm_payload_recipient_mismatch");
  });

  it("invalid_exact_evm_payload_authorization_value: v1 and v2 must both move exactly the price", () => {
    expect(check(authorizationProof(1, { value: 999n }))).to.equal("invalid_exact_evm_payload_authorization_value");
    // Issue 28/4: 250,000 for a 1,000 answer was settled in full, with nothing back to the payer.
    expect(check(authorizationProof(1, { value: 1001n }))).to.equal("invalid_exact_evm_payload_authorization_value");
    expect(check(authorizationProof(1, { value: 250_000n }))).to.equal("invalid_exact_evm_payload_authorization_value");
    expect(check(authorizationProof(2, { value: 1001n }))).to.equal("invalid_exact_evm_payload_authorization_value");
    expect(check(authorizationProof(2, { value: 999n }))).to.equal("invalid_exact_evm_payload_authorization_value");
  });

  it("invalid_exact_evm_payload_signature when the signature recovers someone else or nobody", () => {
    expect(check(authorizationProof(1), { signer: STRANGER })).to.equal("invalid_exact_evm_payload_signature");
    expect(check(authorizationProof(1), { signer: null })).to.equal("invalid_exact_evm_payload_signature");
  });

  it("invalid_exact_evm_payload_authorization_valid_before when it expires within the settlement margin", () => {
    const margin = TERMS.validBeforeMarginSeconds;
    expect(check(authorizationProof(1, { validBefore: BigInt(NOW + margin - 1) }))).to.equal(
      "invalid_exact_evm_payload_authorization_valid_before",
    );
    expect(check(authorizationProof(1, { validBefore: BigInt(NOW - 100) }))).to.equal(
      "invalid_exact_evm_payload_authorization_valid_before",
    );
    expect(check(authorizationProof(1, { validBefore: BigInt(NOW + margin) }))).to.equal(null);
  });

  it("invalid_exact_evm_payload_authorization_valid_after when it is not valid yet (by chain time)", () => {
    expect(check(authorizationProof(1, { validAfter: BigInt(NOW + 1) }))).to.equal(
      "invalid_exact_evm_payload_authorization_valid_after",
    );
    expect(check(authorizationProof(1, { validAfter: BigInt(NOW) }))).to.equal(null);
  });

  it("nonce_already_used when authorizationState says the nonce is spent", () => {
    expect(check(authorizationProof(1), { nonceUsed: true })).to.equal("nonce_already_used");
  });

  it("insufficient_funds when the balance does not cover the authorized value", () => {
    expect(check(authorizationProof(1), { balance: 999n })).to.equal("insufficient_funds");
    expect(check(authorizationProof(1), { balance: 1000n })).to.equal(null);
  });

  it("reports the cheapest failing check first: terms before signature before window", () => {
    const everythingWrong = authorizationProof(1, { to: STRANGER, validBefore: 0n });
    expect(check(everythingWrong, { signer: null, nonceUsed: true, balance: 0n })).to.equal(
      "invalid_exact_evm_payload_recipient_mismatch",
    );
    expect(check(authorizationProof(1, { validBefore: 0n }), { signer: null })).to.equal(
      "invalid_exact_evm_payload_signature",
    );
  });

  it("the terms-only check needs no chain facts", () => {
    expect(checkAuthorizationTerms(authorizationProof(1), TERMS)).to.equal(null);
    expect(checkAuthorizationTerms(authorizationProof(1, { value: 1n }), TERMS)).to.equal(
      "invalid_exact_evm_payload_authorization_value",
    );
  });

  it("a reservation lasts until validBefore, capped to a safe integer", () => {
    expect(authorizationReplayableUntil(authorizationProof(1).authorization)).to.equal(NOW + 300);
    expect(authorizationReplayableUntil(authorizationProof(1, { validBefore: 2n ** 255n }).authorization)).to.equal(
      Number.MAX_SAFE_INTEGER,
    );
  });
});
