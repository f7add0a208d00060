import { randomBytes } from "node:crypto";
import type { Container, Newable } from "inversify";
import type pg from "pg";
import { InMemorySubscriptionStore } from "../../adapters/storage/in-memory-subscription-store.adapter";
import {
  PostgresSubscriptionStore,
  PostgresSubscriptionStoreConfig,
} from "../../adapters/storage/postgres-subscription-store.adapter";
import { GuardScoresFromScoring } from "../../application/bridges/guard-scores.bridge";
import { SubscriptionStore } from "../../application/ports/subscription-store.port";
import { GuardScores } from "../../application/use-cases/protocol-guard/guard-scores.port";
import { CheckWallet } from "../../application/use-cases/protocol-guard/check-wallet.use-case";
import { ListSubscriptions } from "../../application/use-cases/protocol-guard/list-subscriptions.use-case";
import { RandomTokens } from "../../application/use-cases/protocol-guard/random-tokens";
import { ReadSubscription } from "../../application/use-cases/protocol-guard/read-subscription.use-case";
import { Subscribe } from "../../application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../application/use-cases/protocol-guard/update-subscription.use-case";

/** The protocol-guard use cases, bound by the composition root and resolved by its smoke test. */
export const PROTOCOL_GUARD_USE_CASES: readonly Newable<object>[] = [
  CheckWallet,
  Subscribe,
  ListSubscriptions,
  ReadSubscription,
  UpdateSubscription,
];

/** The operating system's CSPRNG: manage tokens are bearer secrets. */
export const cryptoRandomTokens: RandomTokens = {
  randomToken: (bytes) => randomBytes(bytes).toString("base64url"),
};

/** Subscriptions live in PostgreSQL when DATABASE_URL gives a pool, in process memory otherwise. */
export function bindProtocolGuard(container: Container, pool: pg.Pool | null): void {
  container.bind(GuardScores).to(GuardScoresFromScoring);
  container.bind(RandomTokens).toConstantValue(cryptoRandomTokens);
  if (pool === null) {
    container.bind(SubscriptionStore).to(InMemorySubscriptionStore);
    return;
  }
  container.bind(PostgresSubscriptionStoreConfig).toConstantValue({ pool });
  container.bind(SubscriptionStore).to(PostgresSubscriptionStore);
}
