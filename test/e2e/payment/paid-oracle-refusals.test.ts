import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Wallet, hexlify, randomBytes } from "ethers";
import { transferProofHeader } from "../../../src/adapters/payment/x402-client";
import type { PaymentReason } from "../../../src/domain/payment/payment-reason";
import { paidQueryRig } from "./support/paid-query-rig";
import { authorize, revertedTransferOnChain, transferOnChain, v1Envelope } from "./support/payments";
import { paymentWorld, type PaymentWorld } from "./support/payment-world";

const refused = (reason: PaymentReason) => E.left({ _tag: "InvalidPayment", reason });

describe("paid oracle on the embedded chain: every refusal is a 422 reason, and nothing moves", function () {
  this.timeout(60_000);
  let w: PaymentWorld;
  let payeeBefore: bigint;

  before(async () => {
    w = await paymentWorld();
  });

  beforeEach(async () => {
    payeeBefore = await w.usdcBalance(w.terms.payTo);
  });

  const expectRefusal = async (headers: Record<string, string>, reason: PaymentReason) => {
    const rig = paidQueryRig(w);
    expect(await rig.pay(headers)).to.deep.equal(refused(reason));
    expect(rig.computed()).to.equal(0);
  };

  describe("x402 authorizations", () => {
    afterEach(async () => {
      expect(await w.usdcBalance(w.terms.payTo)).to.equal(payeeBefore);
    });

    it("invalid_exact_evm_payload_signature: signed by someone other than `from`", async () => {
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, {}, w.wallet(7))).headers,
        "invalid_exact_evm_payload_signature",
      );
    });

    it("invalid_exact_evm_payload_signature: a valid signature over other terms (nonce changed after signing)", async () => {
      const signed = await authorize(w, w.wallet(6), 1);
      const tampered = v1Envelope(signed, {});
      const decoded = JSON.parse(Buffer.from(tampered["X-Payment"], "base64").toString()) as {
        payload: { authorization: { nonce: string } };
      };
      // Not the value: any value but the price is refused before the signature is looked at.
      decoded.payload.authorization.nonce = hexlify(randomBytes(32));
      await expectRefusal(
        { "X-Payment": Buffer.from(JSON.stringify(decoded)).toString("base64") },
        "invalid_exact_evm_payload_signature",
      );
    });

    it("invalid_exact_evm_payload_recipient_mismatch: `to` is not the payee", async () => {
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, { to: w.wallet(7).address })).headers,
        "invalid_exact_evm_payload_recipient_mismatch",
      );
    });

    it("invalid_exact_evm_payload_authorization_value: anything but the price, v1 and v2 alike", async () => {
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, { value: 999n })).headers,
        "invalid_exact_evm_payload_authorization_value",
      );
      // Issue 28/4: an overpaying v1 authorization was settled in full for one answer.
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, { value: 250_000n })).headers,
        "invalid_exact_evm_payload_authorization_value",
      );
      await expectRefusal(
        (await authorize(w, w.wallet(6), 2, { value: 1001n })).headers,
        "invalid_exact_evm_payload_authorization_value",
      );
    });

    it("invalid_exact_evm_payload_authorization_valid_before: expired by chain time", async () => {
      const now = BigInt(await w.headTime());
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, { validBefore: now - 1n })).headers,
        "invalid_exact_evm_payload_authorization_valid_before",
      );
    });

    it("invalid_exact_evm_payload_authorization_valid_after: not valid yet by chain time", async () => {
      const now = BigInt(await w.headTime());
      await expectRefusal(
        (await authorize(w, w.wallet(6), 1, { validAfter: now + 3_600n })).headers,
        "invalid_exact_evm_payload_authorization_valid_after",
      );
    });

    it("insufficient_funds: a payer without USDC", async () => {
      const broke = new Wallet(hexlify(randomBytes(32)), w.provider);
      await expectRefusal((await authorize(w, broke, 1)).headers, "insufficient_funds");
    });

    it("nonce_already_used: an authorization already spent on chain (a fresh ledger still refuses it)", async () => {
      const signed = await authorize(w, w.wallet(8), 1);
      expect(E.isRight(await paidQueryRig(w).pay(signed.headers))).to.equal(true);
      payeeBefore = await w.usdcBalance(w.terms.payTo);
      await expectRefusal(signed.headers, "nonce_already_used");
    });

    it("invalid_network, invalid_scheme, invalid_x402_version, invalid_payload", async () => {
      const signed = await authorize(w, w.wallet(6), 1);
      await expectRefusal(v1Envelope(signed, { network: "base-sepolia" }), "invalid_network");
      await expectRefusal(v1Envelope(signed, { scheme: "upto" }), "invalid_scheme");
      await expectRefusal(v1Envelope(signed, { x402Version: 7 }), "invalid_x402_version");
      await expectRefusal({ "X-Payment": "bm90IGpzb24=" }, "invalid_payload");
    });

    it("invalid_payment_requirements: a v2 payload that accepted another asset", async () => {
      const signed = await authorize(w, w.wallet(6), 2);
      const decoded = JSON.parse(Buffer.from(signed.headers["PAYMENT-SIGNATURE"] ?? "", "base64").toString()) as {
        accepted: { asset: string };
      };
      decoded.accepted.asset = w.world.manifest.contracts.eurc;
      await expectRefusal(
        { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(decoded)).toString("base64") },
        "invalid_payment_requirements",
      );
    });
  });

  describe("transfer proofs", () => {
    it("invalid_transfer_not_found: no such transaction", async () => {
      await expectRefusal(
        { "X-Payment": transferProofHeader(hexlify(randomBytes(32)), hexlify(randomBytes(32))) },
        "invalid_transfer_not_found",
      );
    });

    it("invalid_transfer_reverted: the transfer failed on chain", async () => {
      await expectRefusal((await revertedTransferOnChain(w, w.wallet(9))).headers, "invalid_transfer_reverted");
    });

    it("invalid_transfer_recipient_mismatch: USDC went to someone else", async () => {
      await expectRefusal(
        (await transferOnChain(w, w.wallet(9), { to: w.wallet(10).address })).headers,
        "invalid_transfer_recipient_mismatch",
      );
    });

    it("invalid_exact_evm_payload_authorization_value: less or more than the price", async () => {
      for (const value of [999n, 250_000n])
        await expectRefusal(
          (await transferOnChain(w, w.wallet(9), { value })).headers,
          "invalid_exact_evm_payload_authorization_value",
        );
    });

    it("invalid_transfer_nonce: someone who only saw the transaction cannot claim it", async () => {
      const transfer = await transferOnChain(w, w.wallet(9));
      await expectRefusal(
        { "X-Payment": transferProofHeader(transfer.txHash, hexlify(randomBytes(32))) },
        "invalid_transfer_nonce",
      );
      const plain = await transferOnChain(w, w.wallet(9), { commit: false });
      await expectRefusal(plain.headers, "invalid_transfer_nonce");
    });

    it("invalid_transfer_expired: older than the configured age by block timestamps", async () => {
      const transfer = await transferOnChain(w, w.wallet(9));
      await w.provider.send("evm_mine", []);
      const rig = paidQueryRig(w);
      expect(await rig.pay(transfer.headers, undefined, { ...w.terms, transferMaxAgeSeconds: 0 })).to.deep.equal(
        refused("invalid_transfer_expired"),
      );
      expect(E.isRight(await rig.pay(transfer.headers))).to.equal(true);
    });
  });
});
