import { expect } from "chai";
import * as E from "fp-ts/Either";
import { InMemorySnapshotStore } from "../../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import type { ScoringSettings } from "../../../../src/application/ports/scoring-settings.port";
import { SnapshotStakingTargetTrust } from "../../../../src/application/use-cases/scoring/snapshot-staking-target-trust";
import type { Address } from "../../../../src/domain/chain/address";

const usdc = "0x3600000000000000000000000000000000000000" as Address;
const token = ("0x" + "7".repeat(40)) as Address;
const settings = { officialIssuers: [usdc] } as unknown as ScoringSettings;

describe("SnapshotStakingTargetTrust", () => {
  it("official issuers are VERIFIED, unscored targets unknown, scored ones their newest tier", async () => {
    const store = new InMemorySnapshotStore();
    const trust = new SnapshotStakingTargetTrust(store, settings);
    expect(await trust.tierOf(usdc)()).to.deep.equal(E.right("VERIFIED"));
    expect(await trust.tierOf(token)()).to.deep.equal(E.right(null));
    const draft = {
      subject: token,
      subjectType: "token" as const,
      score: 70,
      tier: "HIGH",
      confidence: 90,
      flags: [],
      scoringVersion: "v1.0",
      queriedAt: "2026-11-22T00:00:00.000Z",
      block: { number: 1, timestamp: 1 },
    };
    await store.record(draft);
    await store.record({ ...draft, score: 0, tier: "BLOCKED", flags: ["HONEYPOT_PATTERN"] });
    expect(await trust.tierOf(token)()).to.deep.equal(E.right("BLOCKED"));
  });
});
