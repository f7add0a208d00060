import { expect } from "chai";
import * as E from "fp-ts/Either";
import type { Address } from "../../../../src/domain/chain/address";
import type { BlockActivity } from "../../../../src/domain/protocol-guard/block-activity";
import { MAX_ATTEMPTS, nextState, retryDelayMs } from "../../../../src/domain/protocol-guard/delivery";
import { evaluateCondition, parseCondition } from "../../../../src/domain/protocol-guard/event-condition";
import { decideGuard } from "../../../../src/domain/protocol-guard/guard-decision";
import { decodeRules, type GuardRule } from "../../../../src/domain/protocol-guard/guard-rules";
import type { GuardSubject } from "../../../../src/domain/protocol-guard/guard-subject";
import { matchBlock, topicAddresses, transfersInTransaction } from "../../../../src/domain/protocol-guard/watch-match";

const A = ("0x" + "aa".repeat(20)) as Address;
const B = ("0x" + "bb".repeat(20)) as Address;
const POOL = ("0x" + "cc".repeat(20)) as Address;
const TOKEN = ("0x" + "dd".repeat(20)) as Address;
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const topicOf = (a: Address) => "0x" + "0".repeat(24) + a.slice(2);
const word = (n: bigint) => "0x" + n.toString(16).padStart(64, "0");

describe("Protocol Guard on chain: conditions, rules, matching, backoff", () => {
  it("parses OpenZeppelin Monitor style conditions and evaluates them on decoded arguments", () => {
    const args = { amount: 2_000_000n, to: A, $0: B, ok: true };
    const holds = (text: string) => {
      const parsed = parseCondition(text);
      if (parsed === undefined) throw new Error(`did not parse: ${text}`);
      return evaluateCondition(parsed, args);
    };
    expect(holds("amount > 1000000")).to.equal(true);
    expect(holds("amount > 1000000 && to == " + A)).to.equal(true);
    expect(holds("amount < 5 || $0 == " + B)).to.equal(true);
    expect(holds("(amount < 5 || amount >= 2000000) && ok == true")).to.equal(true);
    expect(holds("amount != 2000000")).to.equal(false);
    expect(holds("missing > 1")).to.equal(false);
    expect(holds("to > 5")).to.equal(false);
    for (const bad of [
      "",
      "amount >",
      "amount > > 1",
      "(amount > 1",
      "amount > 1 &&",
      "a = 1",
      "x".repeat(501),
      "eval(1) > 0",
    ])
      expect(parseCondition(bad), bad).to.equal(undefined);
  });

  it("decodes the new rule shapes and refuses malformed ones", () => {
    const decoded = decodeRules([
      { type: "score_drop", by: 10 },
      {
        type: "ladder_band_change",
        ladder: [
          { min: 60, label: "prime" },
          { min: 0, label: "sub" },
        ],
      },
      { type: "large_transfer", token: TOKEN, amount: "1000000000000000000000" },
      { type: "event_match", event: "Borrow", condition: "amount > 1000000", action: "block" },
    ]);
    if (E.isLeft(decoded)) throw new Error("refused");
    expect(decoded.right[1]).to.deep.include({
      ladder: [
        { min: 0, label: "sub" },
        { min: 60, label: "prime" },
      ],
    });
    expect(decoded.right[2]).to.deep.include({ amount: 10n ** 21n });
    for (const bad of [
      { type: "score_drop", by: 0 },
      { type: "ladder_band_change", ladder: [{ min: 0, label: "only" }] },
      {
        type: "ladder_band_change",
        ladder: [
          { min: 0, label: "a" },
          { min: 0, label: "b" },
        ],
      },
      { type: "large_transfer", token: "0x12", amount: "1" },
      { type: "large_transfer", token: TOKEN, amount: "-1" },
      { type: "event_match", event: "Borrow", condition: "amount >" },
    ])
      expect(E.isLeft(decodeRules([bad])), JSON.stringify(bad)).to.equal(true);
  });

  it("applies the on-chain rules only with an on-chain context", () => {
    const subject: GuardSubject = { score: 55, tier: "MEDIUM", confidence: 80, flags: [], recommendation: "allow" };
    const rules = decodeRules([
      { type: "score_drop", by: 10 },
      {
        type: "ladder_band_change",
        ladder: [
          { min: 0, label: "sub" },
          { min: 60, label: "prime" },
        ],
      },
      { type: "large_transfer", token: TOKEN, amount: "1000" },
      { type: "event_match", event: "Borrow", condition: "amount > 1000000", action: "block" },
    ]);
    if (E.isLeft(rules)) throw new Error("refused");
    const all: readonly GuardRule[] = rules.right;
    expect(decideGuard(subject, {}, all).decision).to.equal("allow");
    const verdict = decideGuard(subject, {}, all, {
      eventName: "Borrow",
      eventSignature: "Borrow(address,uint256)",
      args: { amount: 5_000_000n },
      previousScore: 70,
      transfers: [{ token: TOKEN, amount: 1000n }],
    });
    expect(verdict.decision).to.equal("block");
    expect(verdict.reasons).to.deep.equal([
      "score fell 15 (from 70 to 55)",
      "ladder band changed from prime to sub",
      `transfer of 1000 ${TOKEN} (threshold 1000)`,
      "Borrow matched amount > 1000000",
    ]);
    const quiet = decideGuard(subject, {}, all, { args: { amount: 1n }, previousScore: 56, transfers: [] });
    expect(quiet.decision).to.equal("allow");
  });

  it("matches watched calls and logs, and finds the addresses they name", () => {
    const block: BlockActivity = {
      number: 10,
      hash: "0x10",
      parentHash: "0x09",
      timestamp: 1_700_000_000,
      transactions: [
        { hash: "0xt1", from: A, to: POOL, input: "0xc5ebeaec" + "0".repeat(64), success: true },
        { hash: "0xt2", from: B, to: TOKEN, input: "0xa9059cbb", success: true },
      ],
      logs: [
        {
          address: TOKEN,
          topics: [TRANSFER, topicOf(POOL), topicOf(A)],
          data: word(5000n),
          logIndex: 0,
          txHash: "0xt1",
        },
        {
          address: POOL,
          topics: ["0x" + "11".repeat(32), topicOf(A), word(7n)],
          data: "0x",
          logIndex: 1,
          txHash: "0xt1",
        },
      ],
    };
    const everything = matchBlock(block, [{ address: POOL }]);
    expect(everything.map((m) => m.key)).to.deep.equal(["call:0xt1", "log:0xt1:1"]);
    const onlyBorrow = matchBlock(block, [
      { address: POOL, functions: [{ signature: "borrow(uint256)", name: "borrow", hash: "0xc5ebeaec", inputs: [] }] },
    ]);
    expect(onlyBorrow.map((m) => m.key)).to.deep.equal(["call:0xt1"]);
    expect(matchBlock(block, [{ address: POOL, events: [] }])).to.deep.equal([]);
    const log = everything[1];
    expect(log?.kind === "log" && topicAddresses(log.log)).to.deep.equal([A]);
    expect(transfersInTransaction(block, "0xt1")).to.deep.equal([{ token: TOKEN, amount: 5000n }]);
  });

  it("retries with exponential backoff and jitter over about a day, then fails; 410 disables", () => {
    expect(retryDelayMs(1000, 1, 0)).to.equal(500);
    expect(retryDelayMs(1000, 3, 0.999)).to.be.within(3990, 4000);
    let totalMin = 0;
    let totalMax = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) {
      totalMin += retryDelayMs(1000, n, 0);
      totalMax += retryDelayMs(1000, n, 0.9999);
    }
    expect(totalMin / 3_600_000).to.be.within(18, 19);
    expect(totalMax / 3_600_000).to.be.within(36, 37);
    const retry = { kind: "retry", status: 500, detail: "answered 500", durationMs: 1 } as const;
    expect(nextState(retry, 1, 0, 1000, 0)).to.deep.equal({ status: "pending", nextAttemptAt: 500, logged: "retry" });
    expect(nextState(retry, MAX_ATTEMPTS, 0, 1000, 0).status).to.equal("failed");
    expect(nextState({ kind: "gone", status: 410, durationMs: 1 }, 1, 0, 1000, 0).status).to.equal("disabled");
    expect(nextState({ kind: "refused", detail: "x", durationMs: 0 }, 1, 0, 1000, 0).status).to.equal("failed");
  });
});
