import { expect } from "chai";
import * as E from "fp-ts/Either";
import { CheckWallet } from "../../../../src/application/use-cases/protocol-guard/check-wallet.use-case";
import { Subscribe } from "../../../../src/application/use-cases/protocol-guard/subscribe.use-case";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { parseAddress, type Address } from "../../../../src/domain/chain/address";
import type { GuardRule } from "../../../../src/domain/protocol-guard/guard-rules";
import { countingTokens, fakeScorer, fixedClock, testQueue, testWebhookKeys } from "../../../support/fakes/guard-fakes";

const address = (byte: string): Address => parseAddress("0x" + byte.repeat(20))!;
const GOOD = address("11");
const RISKY = address("22");
const HONEYPOT = address("33");
const DOWN = address("44");

describe("CheckWallet", () => {
  const scorer = fakeScorer({
    [GOOD]: { score: 82, tier: "ELITE" },
    [RISKY]: { score: 35, tier: "LOW", recommendation: "review", flags: [{ code: "EXIT_SYNC", severity: "high" }] },
    [HONEYPOT]: {
      score: 5,
      tier: "BLOCKED",
      recommendation: "deny",
      flags: [{ code: "HONEYPOT_PATTERN", severity: "critical" }],
    },
  });
  let store: InMemorySubscriptionStore;
  let check: CheckWallet;
  const subscribe = async (rules: GuardRule[]) => {
    const created = await new Subscribe(store, countingTokens(), fixedClock(), testWebhookKeys()).execute({
      protocolName: "Lend",
      channels: [],
      rules,
      contracts: [],
    })();
    if (E.isLeft(created)) throw new Error(created.left.detail);
    token = created.right.manageToken;
    return created.right.id;
  };
  /** The manage token of the last subscription created. */
  let token = "";
  beforeEach(() => {
    store = new InMemorySubscriptionStore();
    check = new CheckWallet(scorer, store, countingTokens(), fixedClock(), testQueue());
  });

  it("publishes the score on chain for a subscribed protocol's checks only (GUARD_PUBLISHES_SCORES)", async () => {
    const published: Address[] = [];
    const publishing = new CheckWallet(scorer, store, countingTokens(), fixedClock(), testQueue(), {
      publishInBackground: (wallet) => void published.push(wallet),
    });
    await publishing.execute({ wallet: RISKY, context: "borrow", amount: 10 })();
    expect(published).to.deep.equal([]);
    const subscriptionId = await subscribe([]);
    await publishing.execute({ wallet: GOOD, context: "borrow", amount: 10, subscriptionId, token })();
    await publishing.execute({
      wallet: RISKY,
      context: "borrow",
      amount: 10,
      subscriptionId,
      token: "not-the-token",
    })();
    expect(published).to.deep.equal([GOOD]);
  });

  it("answers the full result under the default policy, without a subscription", async () => {
    const result = await check.execute({ wallet: GOOD, context: "borrow", amount: 10 })();
    expect(result).to.deep.equal(
      E.right({
        wallet: GOOD,
        decision: "allow",
        reasons: [],
        score: 82,
        tier: "ELITE",
        confidence: 80,
        flags: [],
        subjectType: "wallet",
        context: "borrow",
        amount: 10,
        economicReachUsd: null,
        rulesApplied: ["safety_floor", "default_low_tier", "default_recommendation"],
        pricing: "free",
        scoringVersion: "v1.0",
        snapshotId: "snap_test",
      }),
    );
  });

  it("an unknown or malformed subscriptionId is registration_not_found, before any scoring", async () => {
    const before = scorer.calls;
    for (const subscriptionId of ["sub_doesnotexist", "not-an-id"]) {
      const result = await check.execute({ wallet: GOOD, context: null, subscriptionId, token: "some-token" })();
      expect(E.isLeft(result) && result.left.code).to.equal("registration_not_found");
    }
    expect(scorer.calls).to.equal(before);
  });

  it("fails closed when scoring fails: scoring_unavailable, no decision", async () => {
    const result = await check.execute({ wallet: DOWN, context: null })();
    expect(E.isLeft(result) && result.left.code).to.equal("scoring_unavailable");
  });

  it("applies the subscription's rules and records an alert for review or block only", async () => {
    const id = await subscribe([{ type: "block_flags", flags: ["EXIT_SYNC"] }]);
    const risky = await check.execute({ wallet: RISKY, context: null, subscriptionId: id, token })();
    if (E.isLeft(risky)) throw new Error(risky.left.detail);
    expect(risky.right).to.deep.include({
      decision: "block",
      subscriptionId: id,
      rulesApplied: ["safety_floor", "rules[0].block_flags"],
    });
    const good = await check.execute({ wallet: GOOD, context: null, subscriptionId: id, token })();
    expect(E.isRight(good) && good.right.decision).to.equal("allow");
    expect(E.isRight(good) && good.right.alertId).to.equal(undefined);

    const alerts = await store.recentAlerts(id, 20)();
    expect(alerts).to.deep.equal(
      E.right([
        {
          id: risky.right.alertId,
          at: "2025-01-01T00:00:00.000Z",
          wallet: RISKY,
          decision: "block",
          reasons: ["blocked flag raised: EXIT_SYNC"],
          score: 35,
          tier: "LOW",
          source: "check",
        },
      ]),
    );
  });

  it("a paused subscription still applies its rules but records no alert", async () => {
    const id = await subscribe([{ type: "min_score", value: 90, action: "review" }]);
    await store.update(id, { status: "paused" }, "2025-01-02T00:00:00.000Z")();
    const result = await check.execute({ wallet: GOOD, context: null, subscriptionId: id, token })();
    expect(E.isRight(result) && result.right.decision).to.equal("review");
    expect(await store.recentAlerts(id, 20)()).to.deep.equal(E.right([]));
  });

  it("without the manage token a check naming a subscription is a plain check: no alert, no private rule", async () => {
    const id = await subscribe([{ type: "block_flags", flags: ["EXIT_SYNC"] }]);
    const plain = await check.execute({ wallet: RISKY, context: null })();
    const stranger = await check.execute({ wallet: RISKY, context: null, subscriptionId: id })();
    expect(stranger).to.deep.equal(plain);
    if (E.isLeft(stranger)) throw new Error(stranger.left.detail);
    expect(stranger.right.rulesApplied).not.to.include("rules[0].block_flags");
    expect(stranger.right).not.to.have.property("alertId");
    expect(await store.recentAlerts(id, 20)()).to.deep.equal(E.right([]));
  });

  it("a wrong manage token is unauthorized and records nothing", async () => {
    const id = await subscribe([{ type: "block_flags", flags: ["EXIT_SYNC"] }]);
    const result = await check.execute({ wallet: RISKY, context: null, subscriptionId: id, token: "not-the-token" })();
    expect(E.isLeft(result) && result.left.code).to.equal("unauthorized");
    expect(await store.recentAlerts(id, 20)()).to.deep.equal(E.right([]));
  });

  it("blocks a BLOCKED wallet even when the subscription's rules would let it through", async () => {
    const id = await subscribe([{ type: "min_score", value: 0, action: "review" }]);
    const result = await check.execute({ wallet: HONEYPOT, context: null, subscriptionId: id, token })();
    expect(E.isRight(result) && result.right.decision).to.equal("block");
    expect(E.isRight(result) && result.right.flags).to.deep.equal(["HONEYPOT_PATTERN"]);
  });
});
