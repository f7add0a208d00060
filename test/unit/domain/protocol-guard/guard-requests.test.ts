import { expect } from "chai";
import * as E from "fp-ts/Either";
import { ethersSignatureParser as parse } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { decodeChannelTargets as decodeChannels, redactChannel } from "../../../../src/domain/protocol-guard/channels";
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
  it("channels: the list of {type, ...}; the older {webhookUrl?, email?} object still reads as that list", () => {
    const list = [
      { type: "webhook", url: "https://hooks.example.org/x" },
      { type: "slack", url: "https://hooks.slack.com/services/T/B/x" },
      { type: "discord", url: "https://discord.com/api/webhooks/1/x" },
      { type: "telegram", botToken: "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678", chatId: "-100123" },
      { type: "email", to: "ops@example.org" },
    ];
    expect(decodeChannels(list)).to.deep.equal(E.right(list));
    expect(decodeChannels({ webhookUrl: "https://hooks.example.org/x", email: "ops@example.org" })).to.deep.equal(
      E.right([
        { type: "webhook", url: "https://hooks.example.org/x" },
        { type: "email", to: "ops@example.org" },
      ]),
    );
    expect(decodeChannels({})).to.deep.equal(E.right([]));
    for (const bad of [
      { webhookUrl: "http://plain.example.org" },
      { email: "nope" },
      { slack: "x" },
      { email: null },
      [{ type: "webhook", url: "ftp://x.example.org" }],
      [{ type: "webhook", url: "https://user:pw@x.example.org" }],
      [{ type: "fax", to: "1" }],
      [{ type: "telegram", botToken: "nope", chatId: "1" }],
      [{ type: "email", to: "ops@example.org", cc: "x" }],
      Array.from({ length: 11 }, () => ({ type: "email", to: "ops@example.org" })),
      "x",
    ]) {
      expect(leftOf(decodeChannels(bad))).to.deep.include({ code: "invalid_request", field: "channels" });
    }
    expect(
      redactChannel({ id: "ch_1", status: "active", type: "telegram", botToken: "1:x", chatId: "2" }),
    ).to.deep.equal({ id: "ch_1", type: "telegram", status: "active", botToken: true, chatId: true });
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
    expect(decodeSubscribeRequest({ protocolName: "  Lend ", channels: {}, rules: [] }, parse)).to.deep.equal(
      E.right({ protocolName: "Lend", channels: [], rules: [], contracts: [] }),
    );
    expect(leftOf(decodeSubscribeRequest({ protocolName: " ", channels: {}, rules: [] }, parse))).to.deep.include({
      field: "protocolName",
    });
    expect(
      leftOf(decodeSubscribeRequest({ protocolName: "x".repeat(101), channels: {}, rules: [] }, parse)),
    ).to.deep.include({
      field: "protocolName",
    });
    expect(leftOf(decodeSubscribeRequest({ protocolName: "L", rules: [] }, parse))).to.deep.include({
      field: "channels",
    });
    expect(leftOf(decodeSubscribeRequest({ protocolName: "L", channels: {} }, parse))).to.deep.include({
      field: "rules",
    });
    expect(leftOf(decodeSubscribeRequest([], parse))).to.deep.include({ field: "body" });
  });

  it("update: needs an id and something to change; every field is checked before any is used", () => {
    expect(decodeUpdateRequest({ id: "sub_a", status: "paused", token: "t" }, parse)).to.deep.equal(
      E.right({ id: "sub_a", changes: { status: "paused" }, token: "t" }),
    );
    expect(leftOf(decodeUpdateRequest({ status: "paused" }, parse))).to.deep.include({ field: "id" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a" }, parse))).to.deep.include({ field: "body" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", status: "deleted" }, parse))).to.deep.include({ field: "status" });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", channels: {}, rules: [{ type: "x" }] }, parse))).to.deep.include({
      field: "rules",
    });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", protocolName: " " }, parse))).to.deep.include({
      field: "protocolName",
    });
    expect(leftOf(decodeUpdateRequest({ id: "sub_a", rotateManageToken: "yes" }, parse))).to.deep.include({
      field: "rotateManageToken",
    });
    expect(decodeUpdateRequest({ id: "sub_a", protocolName: "New", rotateWebhookSecret: true }, parse)).to.deep.equal(
      E.right({ id: "sub_a", changes: { protocolName: "New", rotateWebhookSecret: true } }),
    );
  });

  it("contracts: at most 50, addresses once each, signatures parsed (ethers Fragment)", () => {
    const address = "0x" + "Ab".repeat(20);
    const decoded = decodeSubscribeRequest(
      {
        protocolName: "L",
        channels: [],
        rules: [],
        contracts: [
          { address, events: ["Borrow(address indexed user, uint256 amount)"], functions: ["borrow(uint256)"] },
        ],
      },
      parse,
    );
    if (E.isLeft(decoded)) throw new Error("refused");
    const [contract] = decoded.right.contracts;
    expect(contract?.address).to.equal(address.toLowerCase());
    expect(contract?.events?.[0]).to.deep.include({ signature: "Borrow(address,uint256)", name: "Borrow" });
    expect(contract?.functions?.[0]?.hash).to.equal("0xc5ebeaec");
    const body = (contracts: unknown) => ({ protocolName: "L", channels: [], rules: [], contracts });
    for (const bad of [
      [{ address: "0x12" }],
      [{ address, events: ["Borrow(address"] }],
      [{ address, events: [] }],
      [{ address, functions: ["not a signature"] }],
      [{ address, extra: 1 }],
      [{ address }, { address }],
      Array.from({ length: 51 }, (_, i) => ({ address: "0x" + i.toString(16).padStart(40, "0") })),
      {},
    ])
      expect(leftOf(decodeSubscribeRequest(body(bad), parse))).to.deep.include({ field: "contracts" });
  });

  it("NUL and lone surrogates in any string are refused as input, before they can reach storage", () => {
    const bad = ["a\u0000b", "\ud800", "x\udc00y"];
    for (const text of bad) {
      expect(leftOf(decodeChannels({ webhookUrl: `https://hooks.example.org/${text}` }))).to.deep.include({
        field: "channels",
      });
      expect(leftOf(decodeChannels({ email: `ops${text}@example.org` }))).to.deep.include({ field: "channels" });
      expect(
        leftOf(decodeSubscribeRequest({ protocolName: `Lend${text}`, channels: {}, rules: [] }, parse)),
      ).to.deep.include({
        field: "protocolName",
      });
      expect(
        leftOf(decodeUpdateRequest({ id: "sub_a", channels: { email: `${text}@example.org` } }, parse)),
      ).to.deep.include({
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
