import { expect } from "chai";
import { keccak256 } from "ethers";
import type { Address } from "../../../../src/domain/chain/address";
import type { EventLog, Hex, TxHash, TxReceipt } from "../../../../src/domain/chain/chain-types";
import type { TransferProof } from "../../../../src/domain/payment/payment-proof";
import {
  AUTHORIZATION_USED_TOPIC,
  ERC20_TRANSFER_TOPIC,
  checkTransfer,
  type TransferEvidence,
} from "../../../../src/domain/payment/transfer-checks";
import { NONCE, NOW, PAYEE, PAYER, STRANGER, TERMS } from "./payment-fixtures";

const hash = (data: Hex) => keccak256(data) as Hex;
const txHash = ("0x" + "77".repeat(32)) as TxHash;
const proof: TransferProof = { kind: "transfer", txHash, nonce: NONCE };
const word = (address: string) => ("0x" + address.slice(2).padStart(64, "0")) as Hex;
const amountWord = (value: bigint) => value.toString(16).padStart(64, "0");
const transferCall = (value = 1000n, to: Address = PAYEE) =>
  ("0xa9059cbb" + word(to).slice(2) + amountWord(value)) as Hex;
const transferCalldata = transferCall();
const committed = (call: Hex) => (call + hash(NONCE).slice(2)) as Hex;

function transferLog(change: { token?: Address; from?: Address; to?: Address; value?: bigint } = {}): EventLog {
  return {
    address: change.token ?? TERMS.asset,
    topics: [ERC20_TRANSFER_TOPIC as Hex, word(change.from ?? PAYER), word(change.to ?? PAYEE)],
    data: ("0x" + (change.value ?? 1000n).toString(16).padStart(64, "0")) as Hex,
    blockNumber: 10,
    txHash,
    logIndex: 0,
  };
}

function evidence(
  logs: EventLog[] = [transferLog()],
  change: Partial<TransferEvidence> = {},
  success = true,
): TransferEvidence {
  const receipt: TxReceipt = {
    hash: txHash,
    blockNumber: 10,
    from: PAYER,
    to: TERMS.asset,
    success,
    contractAddress: null,
    logs,
  };
  return {
    now: NOW,
    receipt,
    blockTimestamp: NOW - 60,
    input: (transferCalldata + hash(NONCE).slice(2)) as Hex,
    ...change,
  };
}

const check = (e: TransferEvidence, p: TransferProof = proof) => checkTransfer(p, TERMS, e, hash);

describe("transfer proof checks", () => {
  it("accepts a recent transfer of the price to the payee with the nonce committed in its calldata", () => {
    expect(check(evidence())).to.deep.equal({
      ok: true,
      payer: PAYER,
      value: 1000n,
      replayableUntil: NOW - 60 + TERMS.transferMaxAgeSeconds + 1,
    });
  });

  it("counts only the call's own Transfer: other transfers in the transaction add nothing", () => {
    const logs = [
      transferLog({ value: 400n }),
      transferLog({ to: STRANGER, value: 9_999n }),
      transferLog({ value: 600n }),
    ];
    expect(check(evidence(logs))).to.deep.equal({ ok: false, reason: "invalid_transfer_recipient_mismatch" });
  });

  it("invalid_transfer_not_plain for an EIP-3009 settlement presented as a transfer (issue 13 item 2)", () => {
    const used: EventLog = { ...transferLog(), topics: [AUTHORIZATION_USED_TOPIC as Hex, word(PAYER), NONCE] };
    expect(check(evidence([transferLog(), used]))).to.deep.equal({ ok: false, reason: "invalid_transfer_not_plain" });
    // transferWithAuthorization calldata with the commitment appended, as the double-sale attack sends it.
    const settlement = ("0xe3ee160e" + "00".repeat(9 * 32) + hash(NONCE).slice(2)) as Hex;
    expect(check(evidence(undefined, { input: settlement }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_not_plain",
    });
  });

  it("invalid_transfer_not_plain for calls to another contract, extra bytes or a transferFrom by someone else", () => {
    const receipt = evidence().receipt!;
    expect(check(evidence(undefined, { receipt: { ...receipt, to: STRANGER } }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_not_plain",
    });
    expect(check(evidence(undefined, { input: (committed(transferCalldata) + "00") as Hex }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_not_plain",
    });
    const fromStranger = ("0x23b872dd" + word(STRANGER).slice(2) + word(PAYEE).slice(2) + amountWord(1000n)) as Hex;
    expect(check(evidence(undefined, { input: committed(fromStranger) }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_not_plain",
    });
  });

  it("accepts transferFrom(payer, payTo, price) sent by the payer", () => {
    const fromPayer = ("0x23b872dd" + word(PAYER).slice(2) + word(PAYEE).slice(2) + amountWord(1000n)) as Hex;
    expect(check(evidence(undefined, { input: committed(fromPayer) }))).to.deep.include({
      ok: true,
      payer: PAYER,
      value: 1000n,
    });
  });

  it("invalid_transfer_not_found without a receipt (unknown or pending)", () => {
    expect(check(evidence([], { receipt: null }))).to.deep.equal({ ok: false, reason: "invalid_transfer_not_found" });
  });

  it("invalid_transfer_reverted when the transaction failed", () => {
    expect(check(evidence([transferLog()], {}, false))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_reverted",
    });
  });

  it("invalid_transfer_recipient_mismatch for another recipient, another token or another event", () => {
    expect(check(evidence([transferLog({ to: STRANGER })]))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_recipient_mismatch",
    });
    expect(check(evidence([transferLog({ token: STRANGER })]))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_recipient_mismatch",
    });
    const approval = { ...transferLog(), topics: [("0x" + "8c".repeat(32)) as Hex, word(PAYER), word(PAYEE)] };
    expect(check(evidence([approval]))).to.deep.equal({ ok: false, reason: "invalid_transfer_recipient_mismatch" });
  });

  it("invalid_exact_evm_payload_authorization_value when anything but the price reached the payee", () => {
    // More than the price bought one answer and kept the rest (issue 28/4): refused like too little.
    for (const value of [999n, 1001n, 250_000n]) {
      const paid = { input: committed(transferCall(value)) };
      expect(check(evidence([transferLog({ value })], paid)), String(value)).to.deep.equal({
        ok: false,
        reason: "invalid_exact_evm_payload_authorization_value",
      });
    }
  });

  it("invalid_transfer_expired when the block is older than the configured age (chain time)", () => {
    const age = TERMS.transferMaxAgeSeconds;
    expect(check(evidence(undefined, { blockTimestamp: NOW - age - 1 }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_expired",
    });
    expect(check(evidence(undefined, { blockTimestamp: NOW - age }))).to.deep.include({ ok: true });
  });

  it("at age == maxAge the proof passes and the ledger still holds its key (issue 13 item 10)", () => {
    const verdict = check(evidence(undefined, { blockTimestamp: NOW - TERMS.transferMaxAgeSeconds }));
    // The ledger frees a key once expiresAt <= now: it must not be free at the last valid instant.
    expect(verdict.ok && verdict.replayableUntil > NOW).to.equal(true);
  });

  it("invalid_transfer_nonce when the calldata does not commit to the nonce (someone else's proof)", () => {
    expect(check(evidence(undefined, { input: transferCalldata }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_nonce",
    });
    expect(check(evidence(undefined, { input: (transferCalldata + "11".repeat(32)) as Hex }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_nonce",
    });
    const guessed: TransferProof = { ...proof, nonce: ("0x" + "00".repeat(32)) as Hex };
    expect(check(evidence(), guessed)).to.deep.equal({ ok: false, reason: "invalid_transfer_nonce" });
    expect(check(evidence(undefined, { input: null }))).to.deep.equal({
      ok: false,
      reason: "invalid_transfer_not_plain",
    });
  });
});
