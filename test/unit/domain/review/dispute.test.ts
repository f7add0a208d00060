import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Wallet, verifyMessage } from "ethers";
import {
  type Dispute,
  decide,
  decodeDisputeDecision,
  decodeDisputeRequest,
  disputeMessage,
  parseDisputeId,
  publicDispute,
} from "../../../../src/domain/review/dispute";
import {
  type FlagDecision,
  flagAmendments,
  flagsUnderReview,
  overtakenByDecision,
} from "../../../../src/domain/review/flag-decision";
import type { Address } from "../../../../src/domain/chain/address";

const ADDRESS = `0x${"ab".repeat(20)}` as Address;
const body = {
  address: ADDRESS.toUpperCase().replace("0X", "0x"),
  flag: "CANNOT_SELL_ALL",
  reason: "every holder sold",
};

const open: Dispute = {
  id: `dsp_${"0".repeat(32)}`,
  address: ADDRESS,
  flag: "CANNOT_SELL_ALL",
  reason: "every holder sold",
  evidence: null,
  contact: "ops@example.org",
  ownerSigned: false,
  signer: null,
  status: "open",
  filedAt: "2026-01-01T00:00:00.000Z",
  decidedAt: null,
  decisionReason: null,
  action: null,
};

describe("disputes (domain rules)", () => {
  it("decodes a filing: address lowercased, blanks null, every field bounded", () => {
    expect(decodeDisputeRequest({ ...body, evidence: "  ", contact: undefined })).to.deep.equal(
      E.right({
        address: ADDRESS,
        flag: "CANNOT_SELL_ALL",
        reason: "every holder sold",
        evidence: null,
        contact: null,
        signature: null,
      }),
    );
    const field = (input: unknown) => {
      const decoded = decodeDisputeRequest(input);
      return E.isLeft(decoded) ? decoded.left.field : "accepted";
    };
    expect(field([])).to.equal("body");
    expect(field({ ...body, address: "0x12" })).to.equal("address");
    expect(field({ ...body, flag: "NOT_A_FLAG" })).to.equal("flag");
    expect(field({ ...body, reason: undefined })).to.equal("reason");
    expect(field({ ...body, reason: "   " })).to.equal("reason");
    expect(field({ ...body, reason: "x".repeat(1001) })).to.equal("reason");
    expect(field({ ...body, reason: "x".repeat(1000) })).to.equal("accepted");
    expect(field({ ...body, reason: "two\nlines" })).to.equal("reason");
    expect(field({ ...body, evidence: "e".repeat(2001) })).to.equal("evidence");
    expect(field({ ...body, contact: "c".repeat(201) })).to.equal("contact");
    expect(field({ ...body, contact: 7 })).to.equal("contact");
    expect(field({ ...body, signature: "0x1234" })).to.equal("signature");
    expect(field({ ...body, signature: `0x${"1".repeat(130)}` })).to.equal("accepted");
  });

  it("decodes a decision: upheld removes by default, downgrade on request, a rejection takes no action", () => {
    expect(decodeDisputeDecision({ status: "upheld", reason: "sells succeed" })).to.deep.equal(
      E.right({ status: "upheld", reason: "sells succeed", action: "remove" }),
    );
    expect(decodeDisputeDecision({ status: "upheld", reason: "r", action: "downgrade" })).to.deep.equal(
      E.right({ status: "upheld", reason: "r", action: "downgrade" }),
    );
    expect(decodeDisputeDecision({ status: "rejected", reason: "honeypot proven" })).to.deep.equal(
      E.right({ status: "rejected", reason: "honeypot proven", action: null }),
    );
    for (const [input, field] of [
      [null, "body"],
      [{ status: "open", reason: "r" }, "status"],
      [{ status: "upheld" }, "reason"],
      [{ status: "upheld", reason: "x".repeat(501) }, "reason"],
      [{ status: "upheld", reason: "r", action: "delete" }, "action"],
      [{ status: "rejected", reason: "r", action: "remove" }, "action"],
    ] as const) {
      const decoded = decodeDisputeDecision(input);
      expect(E.isLeft(decoded) ? decoded.left.field : "accepted", JSON.stringify(input)).to.equal(field);
    }
  });

  it("a decision is final: only an open dispute is decided", () => {
    const upheld = decide(
      open,
      { status: "upheld", reason: "sells succeed", action: "remove" },
      "2026-01-02T00:00:00Z",
    );
    expect(upheld).to.deep.equal(
      E.right({
        ...open,
        status: "upheld",
        decidedAt: "2026-01-02T00:00:00Z",
        decisionReason: "sells succeed",
        action: "remove",
      }),
    );
    if (E.isLeft(upheld)) throw new Error("expected a decision");
    expect(
      decide(upheld.right, { status: "rejected", reason: "no", action: null }, "2026-01-03T00:00:00Z"),
    ).to.deep.equal(E.left("already_decided"));
    const rejected = decide(open, { status: "rejected", reason: "proven", action: null }, "2026-01-02T00:00:00Z");
    expect(E.isRight(rejected) && rejected.right.action).to.equal(null);
  });

  it("the public view hides the contact and the signer and names the decision's reason", () => {
    const view = publicDispute({ ...open, signer: ADDRESS });
    expect(view).to.not.have.any.keys("contact", "signer");
    expect(view).to.include({ status: "open", reason: null, disputeReason: "every holder sold", decidedAt: null });
    expect(parseDisputeId(open.id)).to.equal(open.id);
    expect(parseDisputeId("dsp_../../x")).to.equal(undefined);
  });

  it("the canonical message is one field per line, bound to the chain, and signs with personal_sign", async () => {
    const message = disputeMessage(5042002, { address: ADDRESS, flag: "CANNOT_SELL_ALL", reason: "every holder sold" });
    expect(message).to.equal(
      `Credence flag dispute\nchainId: 5042002\naddress: ${ADDRESS}\nflag: CANNOT_SELL_ALL\nreason: every holder sold`,
    );
    const owner = Wallet.createRandom();
    expect(verifyMessage(message, await owner.signMessage(message))).to.equal(owner.address);
  });
});

describe("flag decisions an upheld dispute drives", () => {
  const at = (iso: string, flag: FlagDecision["flag"], decision: FlagDecision["decision"]): FlagDecision => ({
    address: ADDRESS,
    flag,
    decision,
    note: null,
    decidedAt: iso,
  });
  const decisions = [
    at("2026-01-02T00:00:00.000Z", "CANNOT_SELL_ALL", "flag_removed"),
    at("2026-01-02T00:00:00.000Z", "ANTI_WHALE", "flag_downgraded"),
    at("2026-01-02T00:00:00.000Z", "EXIT_SYNC", "under_review"),
    at("2026-01-02T00:00:00.000Z", "WASH_TRADING", "review_closed"),
  ];

  it("removal and downgrade amend the answer; review marks stay marks", () => {
    expect([...flagAmendments(decisions)]).to.deep.equal([
      ["CANNOT_SELL_ALL", "remove"],
      ["ANTI_WHALE", "downgrade"],
    ]);
    expect(flagsUnderReview(decisions)).to.deep.equal(["EXIT_SYNC"]);
  });

  it("an attestation issued before the decision and carrying the flag is overtaken; others are not", () => {
    const before = Date.parse("2026-01-01T00:00:00Z") / 1000;
    const after = Date.parse("2026-01-03T00:00:00Z") / 1000;
    expect(overtakenByDecision(["CANNOT_SELL_ALL", "DEPLOYER_HOLDS_MUCH"], before, decisions)).to.equal(true);
    expect(overtakenByDecision(["ANTI_WHALE"], before, decisions)).to.equal(true);
    expect(overtakenByDecision(["EXIT_SYNC", "WASH_TRADING"], before, decisions)).to.equal(false);
    expect(overtakenByDecision(["CANNOT_SELL_ALL"], after, decisions)).to.equal(false);
    expect(overtakenByDecision([], before, decisions)).to.equal(false);
    // A document that commits only to a hash of its flags: any removal on its subject after its issue.
    expect(overtakenByDecision(null, before, decisions)).to.equal(true);
    expect(overtakenByDecision(null, after, decisions)).to.equal(false);
  });
});
