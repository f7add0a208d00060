import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemoryDisputeStore } from "../../../../src/adapters/storage/in-memory-dispute-store.adapter";
import { InMemoryFlagDecisionStore } from "../../../../src/adapters/storage/in-memory-flag-decision-store.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import { AlertScoreChanged } from "../../../../src/application/use-cases/protocol-guard/alert-score-changed.use-case";
import { DecideDispute } from "../../../../src/application/use-cases/review/decide-dispute.use-case";
import type { DisputeAlerts, ScoreChange } from "../../../../src/application/use-cases/review/dispute-alerts.port";
import type { Address } from "../../../../src/domain/chain/address";
import { isWalletAlert } from "../../../../src/domain/protocol-guard/guard-alert";
import type { Subscription, SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import type { Dispute } from "../../../../src/domain/review/dispute";
import { fakeScorer, fixedClock, testQueue } from "../../../support/fakes/guard-fakes";

const TOKEN = ("0x" + "aa".repeat(20)) as Address;
const WALLET = ("0x" + "bb".repeat(20)) as Address;
const NOW = Date.UTC(2026, 5, 1);

const open = (id: string, flag: Dispute["flag"] = "CANNOT_SELL_ALL"): Dispute => ({
  id,
  address: TOKEN,
  flag,
  reason: "holders sell",
  evidence: null,
  contact: null,
  ownerSigned: false,
  signer: null,
  status: "open",
  filedAt: new Date(NOW - 1000).toISOString(),
  decidedAt: null,
  decisionReason: null,
  action: null,
});

/** Records what would have been alerted; fails when told to. */
function recordingAlerts(fail = false): DisputeAlerts & { changes: ScoreChange[] } {
  const changes: ScoreChange[] = [];
  return {
    changes,
    scoreChanged: (change) => {
      changes.push(change);
      return fail ? TE.left(upstreamFailure("storage", "outbox down")) : TE.right(2);
    },
  };
}

describe("DecideDispute", () => {
  let disputes: InMemoryDisputeStore;
  let decisions: InMemoryFlagDecisionStore;
  beforeEach(async () => {
    disputes = new InMemoryDisputeStore();
    decisions = new InMemoryFlagDecisionStore();
    await disputes.add(open("dsp_1"))();
    await disputes.add(open("dsp_2", "ANTI_WHALE"))();
  });

  it("upheld: records the flag decision stamped with the decision's instant and alerts once", async () => {
    const alerts = recordingAlerts();
    const decide = new DecideDispute(disputes, decisions, alerts, fixedClock(NOW));
    const result = await decide.execute("dsp_2", { status: "upheld", reason: "ok", action: "downgrade" })();
    const at = new Date(NOW).toISOString();
    expect(E.isRight(result) && result.right.subscribersAlerted).to.equal(2);
    expect(await decisions.forAddress(TOKEN)()).to.deep.equal(
      E.right([
        {
          address: TOKEN,
          flag: "ANTI_WHALE",
          decision: "flag_downgraded",
          note: "dispute dsp_2 upheld",
          decidedAt: at,
        },
      ]),
    );
    expect(alerts.changes).to.deep.equal([
      { address: TOKEN, disputeId: "dsp_2", flag: "ANTI_WHALE", action: "downgrade", at },
    ]);
  });

  it("rejected: nothing recorded, nobody alerted; a second decision is refused and drives nothing", async () => {
    const alerts = recordingAlerts();
    const decide = new DecideDispute(disputes, decisions, alerts, fixedClock(NOW));
    const rejected = await decide.execute("dsp_1", { status: "rejected", reason: "proven", action: null })();
    expect(E.isRight(rejected) && rejected.right.subscribersAlerted).to.equal(0);
    const again = await decide.execute("dsp_1", { status: "upheld", reason: "changed mind", action: "remove" })();
    expect(again).to.deep.equal(E.left({ _tag: "DisputeAlreadyDecided", status: "rejected" }));
    expect(await decisions.forAddress(TOKEN)()).to.deep.equal(E.right([]));
    expect(alerts.changes).to.deep.equal([]);
    expect(await decide.execute("dsp_none", { status: "rejected", reason: "r", action: null })()).to.deep.equal(
      E.left({ _tag: "DisputeNotFound" }),
    );
  });

  it("an alert that fails leaves the decision standing and says so (subscribersAlerted null, a cause for the log)", async () => {
    const decide = new DecideDispute(disputes, decisions, recordingAlerts(true), fixedClock(NOW));
    const result = await decide.execute("dsp_1", { status: "upheld", reason: "ok", action: "remove" })();
    expect(E.isRight(result) && result.right).to.deep.include({
      subscribersAlerted: null,
      alertFailure: "outbox down",
    });
    const standing = await decisions.forAddress(TOKEN)();
    expect(E.isRight(standing) && standing.right.map((d) => d.decision)).to.deep.equal(["flag_removed"]);
  });
});

describe("AlertScoreChanged", () => {
  const subscription = (id: string, contract: Address): Subscription => ({
    id: id as SubscriptionId,
    protocolName: "Lend",
    status: "active",
    channels: [{ id: "ch_1", type: "webhook", url: "https://hooks.example.org/x", status: "active", secretVersion: 1 }],
    rules: [{ type: "min_score", value: 50, action: "review" }],
    contracts: [{ address: contract }],
    manageTokenHash: "h",
    createdAt: "c",
    updatedAt: "u",
  });
  const notice = {
    address: TOKEN,
    disputeId: "dsp_9",
    flag: "CANNOT_SELL_ALL",
    action: "remove" as const,
    at: "2026-06-01T00:00:00.000Z",
  };

  it("alerts each subscription watching the address once, with the answer as it now stands; others get nothing", async () => {
    const store = new InMemorySubscriptionStore();
    const outbox = new InMemoryDeliveryOutbox();
    await store.create(subscription("sub_watching", TOKEN))();
    await store.create(subscription("sub_elsewhere", WALLET))();
    const alert = new AlertScoreChanged(
      store,
      fakeScorer({ [TOKEN]: { score: 42, tier: "MEDIUM" } }),
      testQueue(outbox),
    );
    expect(await alert.execute(notice)()).to.deep.equal(E.right(1));
    expect(await alert.execute(notice)()).to.deep.equal(E.right(1));
    const alerts = await store.recentAlerts("sub_watching" as SubscriptionId, 10)();
    expect(
      E.isRight(alerts) &&
        alerts.right.filter(isWalletAlert).map((a) => [a.source, a.disputeId, a.wallet, a.score, a.tier]),
    ).to.deep.equal([["score_changed", "dsp_9", TOKEN, 42, "MEDIUM"]]);
    expect(await store.recentAlerts("sub_elsewhere" as SubscriptionId, 10)()).to.deep.equal(E.right([]));
    const due = await outbox.claimDue(Date.UTC(2030, 0), 10, 1000)();
    expect(E.isRight(due) && due.right.map((d) => d.subscriptionId)).to.deep.equal(["sub_watching"]);
  });
});
