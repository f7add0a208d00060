import { expect } from "chai";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import { drainerEvidence } from "../../../../src/domain/scan/drainer-pattern";
import { findPoisoning, imitatedCounterparty, looksLike } from "../../../../src/domain/scan/look-alike";
import type { CounterpartyAssessment } from "../../../../src/domain/scan/scan-types";
import { messageReasons, typedDataReasons } from "../../../../src/domain/scan/signature-rules";
import { readMessage } from "../../../../src/domain/scan/signed-message";
import { transactionReasons, type TransactionFacts } from "../../../../src/domain/scan/transaction-rules";
import { verdictOf } from "../../../../src/domain/scan/scan-types";

const FRIEND = asAddress("0xabcd5555555555555555555555555555555512ef");
const LOOK_ALIKE = asAddress("0xabcd0000000000000000000000000000000012ef");
const SIGNER = asAddress("0x1111111111111111111111111111111111111111");
const TOKEN = asAddress("0x3333333333333333333333333333333333333333");
const SPENDER = asAddress("0x4444444444444444444444444444444444444444");

const party = (address: Address, over: Partial<CounterpartyAssessment> = {}): CounterpartyAssessment => ({
  address,
  score: 60,
  tier: "MEDIUM",
  flags: [],
  severeFlag: false,
  isContract: true,
  drainerEvidence: null,
  ...over,
});

const facts = (over: Partial<TransactionFacts>): TransactionFacts => ({
  signer: SIGNER,
  to: TOKEN,
  value: 0n,
  assetChanges: [],
  approvals: [],
  parties: new Map(),
  toAgeDays: 100,
  pastCounterparties: [],
  ...over,
});

describe("scan rules", () => {
  describe("address-poisoning look-alikes", () => {
    it("an address with the same first and last four hex digits looks like the genuine one; itself does not", () => {
      expect(looksLike(LOOK_ALIKE, FRIEND)).to.equal(true);
      expect(looksLike(FRIEND, FRIEND)).to.equal(false);
      expect(looksLike(asAddress("0xabce0000000000000000000000000000000012ef"), FRIEND)).to.equal(false);
      expect(looksLike(asAddress("0xabcd0000000000000000000000000000000012ee"), FRIEND)).to.equal(false);
      expect(imitatedCounterparty(LOOK_ALIKE, [FRIEND])).to.equal(FRIEND);
      expect(imitatedCounterparty(LOOK_ALIKE, [FRIEND, LOOK_ALIKE])).to.equal(null);
    });

    it("finds zero-value and dust transfers with look-alikes of a wallet's real counterparties", () => {
      const found = findPoisoning(SIGNER, [
        { from: SIGNER, to: FRIEND, value: 100n, isDust: false, txHash: "0x01" },
        { from: SIGNER, to: LOOK_ALIKE, value: 0n, isDust: false, txHash: "0x02" },
        { from: LOOK_ALIKE, to: SIGNER, value: 1n, isDust: true, txHash: "0x03" },
        { from: SPENDER, to: SIGNER, value: 0n, isDust: false, txHash: "0x04" },
      ]);
      expect(found).to.deep.equal([
        { lookAlike: LOOK_ALIKE, imitates: FRIEND, victim: SIGNER, txHashes: ["0x02", "0x03"] },
      ]);
    });
  });

  it("the drainer pattern needs pulls from two accounts that did not send the moving transaction", () => {
    const pull = (from: Address, txSender: Address, txHash: string, fromIsContract = false) => ({
      token: TOKEN,
      from,
      txSender,
      txHash,
      fromIsContract,
    });
    expect(drainerEvidence([pull(SIGNER, SIGNER, "0x1"), pull(FRIEND, FRIEND, "0x2")])).to.equal(null);
    expect(drainerEvidence([pull(SIGNER, SPENDER, "0x1")])).to.equal(null);
    expect(drainerEvidence([pull(SIGNER, SPENDER, "0x1"), pull(FRIEND, SPENDER, "0x1")])).to.deep.equal(["0x1"]);
    // Hops from pools (contracts) inside other people's swaps are not pulls from approvals.
    expect(drainerEvidence([pull(SIGNER, SPENDER, "0x1", true), pull(FRIEND, SPENDER, "0x2", true)])).to.equal(null);
  });

  describe("transaction verdicts", () => {
    it("an unlimited approval to a drainer is malicious, with the drainer's evidence", () => {
      const reasons = transactionReasons(
        facts({
          approvals: [
            { token: TOKEN, owner: SIGNER, spender: SPENDER, amount: (1n << 256n) - 1n, kind: "erc20", revokes: false },
          ],
          parties: new Map([[SPENDER, party(SPENDER, { drainerEvidence: ["0xaa"] })]]),
        }),
      );
      expect(reasons.map((r) => r.code)).to.deep.equal(["APPROVAL_TO_RISKY_SPENDER", "INTERACTS_WITH_DRAINER"]);
      expect(verdictOf(reasons)).to.equal("malicious");
    });

    it("an unlimited approval to a plain account is a warning; setApprovalForAll to an honest operator too", () => {
      const eoa = transactionReasons(
        facts({
          approvals: [
            { token: TOKEN, owner: SIGNER, spender: SPENDER, amount: (1n << 256n) - 1n, kind: "erc20", revokes: false },
          ],
          parties: new Map([[SPENDER, party(SPENDER, { isContract: false })]]),
        }),
      );
      expect(eoa.map((r) => [r.code, r.severity])).to.deep.equal([["UNLIMITED_APPROVAL_TO_EOA", "warning"]]);
      const operator = transactionReasons(
        facts({
          approvals: [
            { token: TOKEN, owner: SIGNER, spender: SPENDER, amount: "all", kind: "operator", revokes: false },
          ],
          parties: new Map([[SPENDER, party(SPENDER)]]),
        }),
      );
      expect(verdictOf(operator)).to.equal("warning");
    });

    it("paying a look-alike of a past counterparty is malicious; receiving a honeypot token is malicious", () => {
      const poisoned = transactionReasons(
        facts({
          assetChanges: [{ asset: TOKEN, kind: "erc20", from: SIGNER, to: LOOK_ALIKE, amount: 5n }],
          pastCounterparties: [FRIEND],
        }),
      );
      expect(poisoned.map((r) => r.code)).to.deep.equal(["RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY"]);
      const honeypot = transactionReasons(
        facts({
          assetChanges: [{ asset: TOKEN, kind: "erc20", from: SPENDER, to: SIGNER, amount: 5n }],
          parties: new Map([[TOKEN, party(TOKEN, { flags: ["HONEYPOT_PATTERN"], tier: "BLOCKED" })]]),
        }),
      );
      expect(honeypot.map((r) => r.code)).to.deep.equal(["BUYS_HONEYPOT"]);
    });

    it("native value to a contract younger than a week is a warning; a plain swap with honest parties is benign", () => {
      const fresh = transactionReasons(facts({ value: 1n, toAgeDays: 2, parties: new Map([[TOKEN, party(TOKEN)]]) }));
      expect(fresh.map((r) => r.code)).to.deep.equal(["NATIVE_VALUE_TO_NEW_CONTRACT"]);
      const swap = transactionReasons(
        facts({
          assetChanges: [
            { asset: TOKEN, kind: "erc20", from: SIGNER, to: SPENDER, amount: 5n },
            { asset: FRIEND, kind: "erc20", from: SPENDER, to: SIGNER, amount: 9n },
          ],
          parties: new Map([
            [SPENDER, party(SPENDER)],
            [FRIEND, party(FRIEND)],
          ]),
        }),
      );
      expect(verdictOf(swap)).to.equal("benign");
    });

    it("sending to a BLOCKED address is malicious", () => {
      const reasons = transactionReasons(
        facts({
          assetChanges: [{ asset: "native", kind: "native", from: SIGNER, to: SPENDER, amount: 5n }],
          parties: new Map([
            [SPENDER, party(SPENDER, { tier: "BLOCKED", flags: ["DEPLOYED_AND_DUMPED"], isContract: false })],
          ]),
        }),
      );
      expect(reasons.map((r) => [r.code, r.severity])).to.deep.equal([["TRANSFER_TO_FLAGGED_ADDRESS", "malicious"]]);
    });
  });

  describe("signature verdicts", () => {
    it("a Permit2 grant to a drainer is malicious, a permit to a fresh EOA is a warning", () => {
      const grant = {
        standard: "Permit2 PermitSingle" as const,
        kind: "allowance" as const,
        token: TOKEN,
        spender: SPENDER,
        amount: 10n,
        deadline: 2_000,
      };
      const decoded = { grants: [grant], owner: SIGNER, received: [], recognized: true };
      const toDrainer = typedDataReasons(
        decoded,
        new Map([[SPENDER, party(SPENDER, { drainerEvidence: ["0x1"] })]]),
        1_000,
      );
      expect(verdictOf(toDrainer)).to.equal("malicious");
      const toEoa = typedDataReasons(decoded, new Map([[SPENDER, party(SPENDER, { isContract: false })]]), 1_000);
      expect(toEoa.map((r) => r.code)).to.deep.equal(["SIGNATURE_GRANTS_TO_EOA"]);
      expect(verdictOf(toEoa)).to.equal("warning");
    });

    it("blind signatures are malicious; a SIWE whose URI or page differs from its domain is malicious", () => {
      expect(verdictOf(messageReasons(readMessage(`0x${"ab".repeat(32)}`), SIGNER, null))).to.equal("malicious");
      const siwe = `app.example wants you to sign in with your Ethereum account:\n${SIGNER}\n\nURI: https://app.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh\nIssued At: 2026-01-01T00:00:00Z`;
      expect(messageReasons(readMessage(siwe), SIGNER, "https://app.example")).to.deep.equal([]);
      const phished = messageReasons(readMessage(siwe), SIGNER, "https://app-example.xyz");
      expect(phished.map((r) => [r.code, r.severity])).to.deep.equal([["SIWE_DOMAIN_MISMATCH", "malicious"]]);
    });
  });
});
