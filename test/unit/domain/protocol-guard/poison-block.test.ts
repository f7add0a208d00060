import { expect } from "chai";
import { alertHeadline, alertPayload, alertText } from "../../../../src/domain/protocol-guard/alert-message";
import type { Address } from "../../../../src/domain/chain/address";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import {
  blockSkippedAlert,
  concernedBy,
  exhausted,
  retryDelayMs,
  SKIP_REASON_MAX,
  skipReason,
} from "../../../../src/domain/protocol-guard/poison-block";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";

const A = ("0x" + "aa".repeat(20)) as Address;
const B = ("0x" + "bb".repeat(20)) as Address;
const C = ("0x" + "cc".repeat(20)) as Address;
const sub = (id: string, contract: Address): Subscription => ({
  id: id as SubscriptionId,
  protocolName: id,
  status: "active",
  channels: [],
  rules: [],
  contracts: [{ address: contract, events: [] }],
  manageTokenHash: "h",
  createdAt: "c",
  updatedAt: "u",
});
const block: BlockActivity = {
  number: 7,
  hash: "0xabc",
  parentHash: "0xab0",
  timestamp: 1_700_000_000,
  transactions: [{ hash: "0xt", from: C, to: null, input: "0x", success: true }],
  logs: [{ address: A, topics: [], data: "0x", logIndex: 0, txHash: "0xt" }],
};

describe("poison-block policy (domain)", () => {
  it("a reason is bounded, and URLs and long hex (keys, signatures) never leave in it", () => {
    const key = "0x" + "ab".repeat(32);
    expect(skipReason(`Error: rpc https://user:pw@rpc.example.org/v2/SECRETKEY?x=1 failed with ${key}`)).to.equal(
      "rpc <url> failed with <hex>",
    );
    expect(skipReason("  \n ")).to.equal("unknown failure");
    const long = skipReason("x".repeat(1000));
    expect(long).to.have.length(SKIP_REASON_MAX);
    expect(long.endsWith("…")).to.equal(true);
  });

  it("concerned: subscriptions whose contract appears in the block (log emitter or caller); all when unreadable", () => {
    const subs = [sub("s_a", A), sub("s_b", B), sub("s_c", C)];
    expect(concernedBy(block, subs).map((s) => s.id)).to.deep.equal(["s_a", "s_c"]);
    const unreadable = { ...block, logs: undefined } as unknown as BlockActivity;
    expect(concernedBy(unreadable, subs).map((s) => s.id)).to.deep.equal(["s_a", "s_b", "s_c"]);
  });

  it("the limit, and retries doubling up to the cap", () => {
    expect([exhausted(4, 5), exhausted(5, 5), exhausted(6, 5)]).to.deep.equal([false, true, true]);
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, 1000, 30_000))).to.deep.equal([
      1000, 2000, 4000, 8000, 16_000, 30_000,
    ]);
  });

  it("the alert carries block, hash, attempts and chain time; chat text and email subject name it", () => {
    const alert = blockSkippedAlert("alert_x", block, 5, "Error: scoring failed");
    expect(alert).to.deep.equal({
      kind: "block_skipped",
      id: "alert_x",
      at: "2023-11-14T22:13:20.000Z",
      source: "onchain",
      blockNumber: 7,
      blockHash: "0xabc",
      attempts: 5,
      reason: "scoring failed",
    });
    const text = alertText(alertPayload("sub_1", "Lend", alert, null));
    expect(text).to.contain("BLOCK SKIPPED for Lend").and.contain("Block 7 (0xabc)").and.contain("after 5 attempts");
    expect(text).to.contain("Reason: scoring failed");
    expect(alertHeadline(alert)).to.equal("block_skipped");
  });
});
