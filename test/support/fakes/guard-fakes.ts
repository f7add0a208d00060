import { ImportOzMonitors } from "../../../src/application/use-cases/protocol-guard/import-oz-monitors.use-case";
import { createPrivateKey } from "node:crypto";
import * as TE from "fp-ts/TaskEither";
import { DerivedWebhookKeys } from "../../../src/adapters/crypto/derived-webhook-keys.adapter";
import { InMemoryDeliveryOutbox } from "../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import type { DeliveryOutbox } from "../../../src/application/ports/delivery-outbox.port";
import { QueueAlertDeliveries } from "../../../src/application/use-cases/protocol-guard/queue-alert-deliveries";
import { ethersSignatureParser } from "../../../src/adapters/chain/ethers-event-decoder.adapter";
import type { ProtocolGuardRouteDeps } from "../../../src/adapters/http/routes/protocol-guard.routes";
import type { SubscriptionStore } from "../../../src/application/ports/subscription-store.port";
import { CheckWallet } from "../../../src/application/use-cases/protocol-guard/check-wallet.use-case";
import { ListDeliveries } from "../../../src/application/use-cases/protocol-guard/list-deliveries.use-case";
import { ReadSubscription } from "../../../src/application/use-cases/protocol-guard/read-subscription.use-case";
import { ReadWebhookKeys } from "../../../src/application/use-cases/protocol-guard/read-webhook-keys.use-case";
import { ReplayAlert } from "../../../src/application/use-cases/protocol-guard/replay-alert.use-case";
import { Subscribe } from "../../../src/application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../../src/application/use-cases/protocol-guard/update-subscription.use-case";
import { upstreamFailure } from "../../../src/application/failures";
import type { GuardScore, GuardScores } from "../../../src/application/use-cases/protocol-guard/guard-scores.port";
import type { RandomTokens } from "../../../src/application/use-cases/protocol-guard/random-tokens";
import type { ScoredAddress, ScoredExplanation } from "../../../src/application/use-cases/scoring/scored-address";
import { scoringFailed } from "../../../src/application/use-cases/scoring/scored-address";
import type { Address } from "../../../src/domain/chain/address";
import type { Flag } from "../../../src/domain/scoring";
import type { RecommendationAction } from "../../../src/domain/scoring/explain/explanation-types";

/** Counter-based "randomness": every token distinct and predictable. */
export function countingTokens(): RandomTokens {
  let n = 0;
  return { randomToken: (bytes) => `t${++n}`.padEnd(Math.ceil((bytes * 4) / 3), "x") };
}

export const fixedClock = (ms = Date.UTC(2025, 0, 1)) => ({ nowMs: () => ms });

export interface ScoreFixture {
  readonly score: number;
  readonly tier: ScoredAddress["tier"];
  readonly flags?: readonly Pick<Flag, "code" | "severity">[];
  readonly recommendation?: RecommendationAction;
}

/** Only what a check reads is real; the rest of the explanation is not looked at. */
export function scored(address: Address, fixture: ScoreFixture): ScoredAddress {
  return {
    address,
    kind: "eoa",
    subjectType: "wallet",
    officialIssuer: false,
    score: fixture.score,
    tier: fixture.tier,
    confidence: 80,
    holderFacts: null,
    coverage: "partial",
    flags: (fixture.flags ?? []).map((f) => ({ ...f, points: -10, evidence: { detail: "test" } })),
    state: "graduated",
    limitations: [],
    breakdown: { components: [] } as unknown as ScoredAddress["breakdown"],
    explanation: { recommendation: { action: fixture.recommendation ?? "allow", reason: "test" } } as ScoredExplanation,
    snapshotId: "snap_test",
    scoringVersion: "v1.0",
    queriedAt: "2025-01-01T00:00:00.000Z",
    block: { number: 1, timestamp: 1 },
  };
}

/** The answer as Protocol Guard reads it (the figures GuardScoresFromScoring takes from the product answer). */
export function guardScore(address: Address, fixture: ScoreFixture): GuardScore {
  return {
    address,
    score: fixture.score,
    tier: fixture.tier,
    confidence: 80,
    flags: fixture.flags ?? [],
    recommendation: fixture.recommendation ?? "allow",
    subjectType: "wallet",
    snapshotId: "snap_test",
    scoringVersion: "v1.0",
  };
}

/** A scorer with one fixed answer per address; unknown addresses fail like an unreachable chain. */
export function fakeScorer(answers: Readonly<Record<string, ScoreFixture>>): GuardScores & { calls: number } {
  const scorer = {
    calls: 0,
    execute: (address: Address) => {
      scorer.calls += 1;
      const fixture = answers[address];
      return fixture === undefined
        ? TE.left(scoringFailed("scoring")(upstreamFailure("rpc", "connection refused")))
        : TE.right(guardScore(address, fixture));
    },
  };
  return scorer;
}

/** Webhook keys from fixed material, so secrets are predictable in tests. */
export function testWebhookKeys(): DerivedWebhookKeys {
  const seed = Buffer.from("42".repeat(32), "hex");
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  return new DerivedWebhookKeys(Buffer.alloc(32, 7), createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
}

/** Queues alerts into `outbox` (a fresh in-memory one by default); kicks are counted. */
export function testQueue(
  outbox: DeliveryOutbox = new InMemoryDeliveryOutbox(),
  clock = fixedClock(),
): QueueAlertDeliveries & { kicks: number } {
  const kick = { kicks: 0, kick: () => void kick.kicks++ };
  return Object.assign(new QueueAlertDeliveries(outbox, clock, kick), {
    get kicks() {
      return kick.kicks;
    },
  });
}

/** The chain the route fakes follow (OpenZeppelin Monitor imports must name it). */
export const TEST_CHAIN_ID = 31337;

/** Protocol Guard route dependencies over one store, with fakes for scoring, randomness and time. */
export function guardRouteDeps(
  store: SubscriptionStore,
  scorer: GuardScores,
  random: RandomTokens,
  clock: { nowMs(): number },
): ProtocolGuardRouteDeps {
  const outbox = new InMemoryDeliveryOutbox();
  const keys = testWebhookKeys();
  const queue = testQueue(outbox, clock);
  return {
    checkWallet: new CheckWallet(scorer, store, random, clock, queue),
    subscribe: new Subscribe(store, random, clock, keys),
    importOzMonitors: new ImportOzMonitors(store, random, clock, keys),
    chainId: TEST_CHAIN_ID,
    readSubscription: new ReadSubscription(store, outbox),
    updateSubscription: new UpdateSubscription(store, clock, random, keys, outbox),
    listDeliveries: new ListDeliveries(store, outbox),
    replayAlert: new ReplayAlert(store, outbox, queue, clock),
    readWebhookKeys: new ReadWebhookKeys(keys),
    parseSignature: ethersSignatureParser,
    checkRateLimit: async (_ctx, next) => next(),
    subscribeLimits: [],
  };
}
