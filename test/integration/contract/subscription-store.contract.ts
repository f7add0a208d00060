import { expect } from "chai";
import type { SubscriptionStore } from "../../../src/application/ports/subscription-store.port";
import { ALERTS_KEPT, type GuardAlert } from "../../../src/domain/protocol-guard/guard-alert";
import type { Address } from "../../../src/domain/chain/address";
import type { OnchainEvent } from "../../../src/domain/protocol-guard/onchain-event";
import type { Subscription, SubscriptionId } from "../../../src/domain/protocol-guard/subscription";
import { right } from "./support/task-either";

let counter = 0;
/** A fresh id per subscription, so suites may share one database table. */
const freshId = () => `sub_${process.pid}_${Date.now()}_${counter++}` as SubscriptionId;

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: freshId(),
  protocolName: "Lend Protocol",
  status: "active",
  channels: [
    { id: "ch_a", type: "webhook", url: "https://hooks.example.org/a", status: "active", secretVersion: 1 },
    { id: "ch_b", type: "email", to: "ops@example.org", status: "active" },
  ],
  contracts: [
    {
      address: ("0x" + "ab".repeat(20)) as Address,
      events: [
        {
          signature: "Borrow(address,uint256)",
          name: "Borrow",
          hash: "0x" + "12".repeat(32),
          inputs: [{ name: "user", type: "address", indexed: true }],
        },
      ],
    },
  ],
  rules: [
    { type: "min_score", value: 55, action: "review" },
    { type: "block_flags", flags: ["EXIT_SYNC"] },
    { type: "max_amount_below_tier", tier: "HIGH", amount: 1234.5, action: "block" },
  ],
  manageTokenHash: "ab".repeat(32),
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...overrides,
});

const alert = (n: number): GuardAlert => ({
  id: `alert_${n}`,
  at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  wallet: "0x" + "12".repeat(20),
  decision: n % 2 === 0 ? "review" : "block",
  reasons: [`reason ${n}`],
  score: n % 101,
  tier: "LOW",
});

const event = (n: number, wallet = "0x" + "34".repeat(20)): OnchainEvent => ({
  id: `evt_${n}`,
  txHash: "0x" + n.toString(16).padStart(64, "0"),
  blockNumber: 100 + n,
  at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  contract: "0x" + "ab".repeat(20),
  event: "Borrow(address,uint256)",
  wallet,
  score: 40 + n,
  tier: "MEDIUM",
  flags: ["WASH_TRADING"],
  ...(n % 2 === 0 ? { alertId: `alert_${n}` } : {}),
});

/** The behaviour every SubscriptionStore adapter must show. */
export function subscriptionStoreContract(name: string, makeStore: () => SubscriptionStore): void {
  describe(`SubscriptionStore contract: ${name}`, () => {
    it("creates and reads back a subscription exactly, never overwriting an existing id", async () => {
      const store = makeStore();
      const s = subscription();
      expect(await right(store.create(s))).to.equal("created");
      expect(await right(store.get(s.id))).to.deep.equal(s);
      expect(await right(store.create({ ...s, protocolName: "Impostor" }))).to.equal("duplicate_id");
      expect((await right(store.get(s.id)))?.protocolName).to.equal("Lend Protocol");
    });

    it("an unknown id: get is null, update writes nothing, alerts are refused and empty", async () => {
      const store = makeStore();
      const id = freshId();
      expect(await right(store.get(id))).to.equal(null);
      expect(await right(store.update(id, { status: "paused" }, "2025-02-01T00:00:00.000Z"))).to.equal(null);
      expect(await right(store.appendAlert(id, alert(1)))).to.equal(false);
      expect(await right(store.recentAlerts(id, 20))).to.deep.equal([]);
      expect(await right(store.get(id))).to.equal(null);
    });

    it("update replaces only the given fields and returns the result", async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      const updated = await right(store.update(s.id, { rules: [], status: "paused" }, "2025-02-01T00:00:00.000Z"));
      const expected = { ...s, rules: [], status: "paused", updatedAt: "2025-02-01T00:00:00.000Z" };
      expect(updated).to.deep.equal(expected);
      expect(await right(store.get(s.id))).to.deep.equal(expected);
    });

    it("concurrent updates each land whole: the final state is exactly one writer's", async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      const writers = Array.from({ length: 10 }, (_, i) => ({
        channels: [{ id: `ch_${i}`, type: "email" as const, to: `ops${i}@example.org`, status: "active" as const }],
        rules: [{ type: "min_score" as const, value: i, action: "review" as const }],
      }));
      await Promise.all(writers.map((w) => right(store.update(s.id, w, "2025-02-01T00:00:00.000Z"))));
      const final = await right(store.get(s.id));
      const writer = writers.find((w) => w.channels[0]?.to === (final?.channels[0] as { to?: string } | undefined)?.to);
      expect(writer, "final channels come from some writer").to.not.equal(undefined);
      expect(final?.rules).to.deep.equal(writer?.rules);
    });

    it("alerts read back newest first, bounded by the limit", async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      for (const n of [1, 2, 3]) expect(await right(store.appendAlert(s.id, alert(n)))).to.equal(true);
      expect(await right(store.recentAlerts(s.id, 20))).to.deep.equal([alert(3), alert(2), alert(1)]);
      expect(await right(store.recentAlerts(s.id, 2))).to.deep.equal([alert(3), alert(2)]);
    });

    it(`keeps only the newest ${ALERTS_KEPT} alerts, also under concurrent appends`, async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      for (let n = 0; n < ALERTS_KEPT; n++) await right(store.appendAlert(s.id, alert(n)));
      await Promise.all(Array.from({ length: 30 }, (_, i) => right(store.appendAlert(s.id, alert(1000 + i)))));
      const kept = await right(store.recentAlerts(s.id, 1_000));
      expect(kept).to.have.length(ALERTS_KEPT);
      expect(kept.filter((a) => a.id.startsWith("alert_10"))).to.have.length(30);
      expect(kept.map((a) => a.id)).not.to.include("alert_29");
      expect(kept.map((a) => a.id)).to.include("alert_30");
      expect(kept[ALERTS_KEPT - 1]).to.deep.equal(alert(30));
    });

    it("an alert id already recorded is not recorded twice (a block processed again adds nothing)", async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      expect(await right(store.appendAlert(s.id, alert(1)))).to.equal(true);
      expect(await right(store.appendAlert(s.id, alert(1)))).to.equal(false);
      expect(await right(store.recentAlerts(s.id, 20))).to.deep.equal([alert(1)]);
      expect(await right(store.alert(s.id, "alert_1"))).to.deep.equal(alert(1));
      expect(await right(store.alert(s.id, "alert_9"))).to.equal(null);
    });

    it("on-chain events: once per id, newest first, the last one per wallet, unknown subscription refused", async () => {
      const store = makeStore();
      const s = subscription();
      await right(store.create(s));
      const other = "0x" + "56".repeat(20);
      for (const e of [event(1), event(2, other), event(3)])
        expect(await right(store.recordEvent(s.id, e))).to.equal(true);
      expect(await right(store.recordEvent(s.id, event(3)))).to.equal(false);
      expect(await right(store.recentEvents(s.id, 20))).to.deep.equal([event(3), event(2, other), event(1)]);
      expect(await right(store.recentEvents(s.id, 1))).to.deep.equal([event(3)]);
      expect(await right(store.lastEventOf(s.id, event(1).wallet))).to.deep.equal(event(3));
      expect(await right(store.lastEventOf(s.id, "0x" + "78".repeat(20)))).to.equal(null);
      expect(await right(store.recordEvent(freshId(), event(4)))).to.equal(false);
    });

    it("watching lists active subscriptions with contracts; a channel can be disabled alone", async () => {
      const store = makeStore();
      const [watching, paused, none] = [
        subscription(),
        subscription({ status: "paused" }),
        subscription({ contracts: [] }),
      ];
      for (const s of [watching, paused, none]) await right(store.create(s));
      const ids = (await right(store.watching())).map((s) => s.id);
      expect(ids).to.include(watching.id);
      expect(ids).not.to.include(paused.id);
      expect(ids).not.to.include(none.id);
      expect(await right(store.setChannelStatus(watching.id, "ch_a", "disabled"))).to.equal(true);
      expect(await right(store.setChannelStatus(watching.id, "ch_zz", "disabled"))).to.equal(false);
      const channels = (await right(store.get(watching.id)))?.channels;
      expect(channels?.map((c) => c.status)).to.deep.equal(["disabled", "active"]);
    });
  });
}
