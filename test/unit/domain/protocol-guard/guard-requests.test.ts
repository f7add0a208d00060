import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodeChannels, redactChannels } from "../../../../src/domain/protocol-guard/channels";
import { decodeRules, MAX_RULES } from "../../../../src/domain/protocol-guard/guard-rules";
import {
  decodeCheckRequest,
  decodeSubscribeRequest,
  decodeUpdateRequest,
} from "../../../../src/domain/protocol-guard/guard-requests";

const WALLET = "0x" + "aB".repeat(20);
const leftOf = <L, R>(either: E.Either<L, R>): L => {
  if (E.isRight(either)) throw new Error(`expected a refusal, got ${JSON.stringify(either.right)}`);
  return either.left;
};

describe("Protocol Guard request decoding", () => {
  it("channels: https webhook and an email; anything else is refused", () => {
    expect(decodeChannels({ webhookUrl: "https://hooks.example.org/x", email: "ops@example.org" })).to.deep.equal(
      E.right({ webhookUrl: "https://hooks.example.org/x", email: "ops@example.org" }),
    );
    expect(decodeChannels({})).to.deep.equal(E.right({}));
    for (const bad of [
      { webhookUrl: "http://plain.example.org" },
      { email: "nope" },
      { slack: "x" },
      { email: null },
      [],
      "x",
    ]) {
      expect(leftOf(decodeChannels(bad))).to.deep.include({ code: "invalid_request", field: "channels" });
    }
    expect(redactChannels({ email: "ops@example.org" })).to.deep.equal({ webhookUrl: false, email: true });
  });

  it("rules: the three types with defaults filled in; one bad rule refuses all", () => {
    const decoded = decodeRules([
      { type: "min_score", value: 40 },
      { type: "block_flags", flags: ["EXIT_SYNC", "EXIT_SYNC"] },
      { type: "max_amount_below_tier", tier: "HIGH", amount: 500, action: "block" },
    ]);
    expect(decoded).to.deep.equal(
      E.right([
        { type: "min_score", value: 40, action: "review" },
        { type: "block_flags", flags: ["EXIT_SYNC"] },
        { type: "max_amount_below_tier", tier: "HIGH", amount: 500, action: "block" },
      ]),
    );
    const bad = [
      [{ type: "min_score", value: 101 }],
      [{ type: "min_score", value: 40, action: "allow" }],
      [{ type: "block_flags", flags: ["NOT_A_FLAG"] }],
      [{ type: "block_flags", flags: [] }],
      [{ type: "max_amount_below_tier", tier: "LOW", amount: 5 }],
      [{ type: "max_amount_below_tier", tier: "HIGH", amount: -1 }],
      [{ type: "min_score", value: 40, extra: true }],
      [{ type: "whitelist" }],
      Array.from({ length: MAX_RULES + 1 }, () => ({ type: "min_score", value: 1 })),
      {},
    ];
    for (const rules of bad) expect(leftOf(decodeRules(rules))).to.deep.include({ field: "rules" });
  });

  it("check: wallet first, then each optional field by name", () => {
    expect(leftOf(decodeCheckRequest({ wallet: "0x12" }))).to.deep.equal({
      _tag: "GuardInputError",
      code: "invalid_wallet",
    });
    expect(leftOf(decodeCheckRequest(null)).code).to.equal("invalid_wallet");
    expect(leftOf(decodeCheckRequest({ wallet: WALLET, amount: -1 }))).to.deep.include({ field: "amount" });
    expect(leftOf(decodeCheckRequest({ wallet: WALLET, economicReachUsd: "5" }))).to.deep.include({
      field: "economicReachUsd",
    });
    expect(leftOf(decodeCheckRequest({ wallet: WALLET, context: "x".repeat(201) }))).to.deep.include({
      field: "context",
    });
    expect(leftOf(decodeCheckRequest({ wallet: WALLET, subscriptionId: 7 }))).to.deep.include({
      field: "subscriptionId",
    });
    expect(leftOf(decodeCheckRequest({ wallet: WALLET, economicReach: 5 }))).to.deep.include({
      field: "economicReach",
    });
    expect(decodeCheckRequest({ wallet: WALLET, context: "borrow", amount: 0 })).to.deep.equal(
      E.right({ wallet: WALLET.toLowerCase(), context: "borrow", amount: 0 }),
    );
  });

  it("subscribe: a trimmed, bounded protocol name, channels and rules", () => {
    expect(decodeSubscribeRequest({ protocolName: "  Lend ", channels: {}, rules: [] })).to.deep.equal(
      E.right({ protocolName: "Lend", channels: {}, rules: [] }),
    );
    expect(leftOf(decodeSubscribeRequest({ protocolName: " ", channels: {}, rules: [] }))).to.deep.include({
      field: "protocolName",
    });
    expect(leftOf(decodeSubscribeRequest({ protocolName: "x".repeat(101), channels: {}, rules: [] }))).to.deep.include({
      field: "protocolName",
    });
    expect(leftOf(decodeSubscribeRequest({ protocolName: "L", rules: [] }))).to.deep.include({ field: "channels" });
    expect(leftOf(decodeSubscribeRequest({ protocolName: "L", channels: {} }))).to.deep.include({ field: "rules" });
    expect(leftOf(decodeSubscribeRequest([]))).to.deep.include({ field: "body" });
  });

  it("update: needs an id and something to change; every field is checked before any is used", () => {
    expect(decodeUpdateRequest({ id: "sub_a", status: "paused", token: "t" })).to.deep.equal(
      E.right({ id: "sub_a", changes: { status: "paused" }, token: "t" }),
    );
    expect(leftOf(decodeUpdateRequest({ status: "paused" }))).to.deep.include({ field: "id" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a" }))).to.deep.include({ field: "body" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", status: "deleted" }))).to.deep.include({ field: "status" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", channels: {}, rules: [{ type: "x" }] }))).to.deep.include({
      field: "rules",
    });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", protocolName: "new" }))).to.deep.include({
      field: "protocolName",
    });
  });

  it("NUL and lone surrogates in any string are refused as input, before they can reach storage", () => {
    const bad = ["a\u0000b", "\ud800", "x\udc00y"];
    for (const text of bad) {
      expect(leftOf(decodeChannels({ webhookUrl: `https://hooks.example.org/${text}` }))).to.deep.include({
        field: "channels",
      });
      expect(leftOf(decodeChannels({ email: `ops${text}@example.org` }))).to.deep.include({ field: "channels" });
      expect(leftOf(decodeSubscribeRequest({ protocolName: `Lend${text}`, channels: {}, rules: [] }))).to.deep.include({
        field: "protocolName",
      });
      expect(leftOf(decodeUpdateRequest({ id: "sub_a", channels: { email: `${text}@example.org` } }))).to.deep.include({
        field: "channels",
      });
      expect(leftOf(decodeCheckRequest({ wallet: WALLET, context: `borrow${text}` }))).to.deep.include({
        field: "context",
      });
    }
    expect(
      E.isRight(decodeChannels({ email: "ops@example.org", webhookUrl: "https://hooks.example.org/\u00e9" })),
    ).to.equal(true);
  });
});
