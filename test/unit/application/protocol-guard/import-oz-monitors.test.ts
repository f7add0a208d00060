import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { ethersSignatureParser as parse } from "../../../../src/adapters/chain/ethers-event-decoder.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import { ImportOzMonitors } from "../../../../src/application/use-cases/protocol-guard/import-oz-monitors.use-case";
import { planOzImport, type ImportPlan } from "../../../../src/domain/protocol-guard/oz-monitor-import";
import type { SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { countingTokens, fixedClock, testWebhookKeys } from "../../../support/fakes/guard-fakes";

const network = { network_type: "EVM", slug: "local", chain_id: 31337 };
const monitor = (name: string, paused = false) => ({
  name,
  paused,
  networks: ["local"],
  addresses: [{ address: "0x" + "12".repeat(20) }],
  match_conditions: { events: [{ signature: "Transfer(address,address,uint256)", expression: "$2 > 5" }] },
  triggers: ["hook"],
});
const triggers = {
  hook: { trigger_type: "webhook", config: { url: { type: "plain", value: "https://h.example.org/x" } } },
};

function plan(...monitors: unknown[]): ImportPlan {
  const planned = planOzImport({ monitors, networks: [network], triggers: [triggers] }, 31337, parse);
  if (E.isLeft(planned)) throw new Error(JSON.stringify(planned.left));
  return planned.right;
}

/** The in-memory store, failing the create calls whose (0-based) index is listed. */
class FailingStore extends InMemorySubscriptionStore {
  private creates = 0;
  readonly written: SubscriptionId[] = [];
  constructor(private readonly failAt: readonly number[]) {
    super();
  }
  override create(...args: Parameters<InMemorySubscriptionStore["create"]>) {
    if (this.failAt.includes(this.creates++)) return TE.left(upstreamFailure("storage", "db down"));
    this.written.push(args[0].id);
    return super.create(...args);
  }
}

describe("ImportOzMonitors: all the planned subscriptions or none", () => {
  const keys = testWebhookKeys();

  it("creates every planned subscription (paused ones paused), shown once with token and webhook secret", async () => {
    const store = new InMemorySubscriptionStore();
    const result = await new ImportOzMonitors(store, countingTokens(), fixedClock(), keys).execute(
      plan(monitor("A"), monitor("B", true)),
    )();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    expect(result.right.created.map((c) => [c.monitor, c.protocolName, c.status])).to.deep.equal([
      ["monitors[0]", "A", "active"],
      ["monitors[1]", "B", "paused"],
    ]);
    for (const created of result.right.created) {
      expect(created.manageToken).to.be.a("string");
      expect(String((created.channels[0] as Record<string, unknown>).webhookSecret)).to.match(/^whsec_/);
      const stored = await store.get(created.id)();
      expect(E.isRight(stored) && stored.right?.status).to.equal(created.status);
    }
  });

  it("a store failure part-way cancels what was written and answers storage_failed", async () => {
    const store = new FailingStore([2]);
    const result = await new ImportOzMonitors(store, countingTokens(), fixedClock(), keys).execute(
      plan(monitor("A"), monitor("B"), monitor("C")),
    )();
    expect(E.isLeft(result) && result.left.code).to.equal("storage_failed");
    const watching = await store.watching()();
    expect(E.isRight(watching) && watching.right).to.deep.equal([]);
    // The two written first are there, cancelled (final: never watched nor delivered).
    expect(store.written).to.have.length(2);
    for (const id of store.written) {
      const stored = await store.get(id)();
      expect(E.isRight(stored) && stored.right?.status).to.equal("cancelled");
    }
  });
});
