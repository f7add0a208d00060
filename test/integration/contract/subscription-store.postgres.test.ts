import { expect } from "chai";
import { PostgresSubscriptionStore } from "../../../src/adapters/storage/postgres-subscription-store.adapter";
import type { SubscriptionId } from "../../../src/domain/protocol-guard/subscription";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { left } from "./support/task-either";
import { subscriptionStoreContract } from "./subscription-store.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("guard");
});
after(async () => db.drop());

subscriptionStoreContract("postgres", () => new PostgresSubscriptionStore({ pool: db.pool }));

describe("PostgresSubscriptionStore", () => {
  it("a row that no longer decodes is a storage failure, not a half-read subscription", async () => {
    const store = new PostgresSubscriptionStore({ pool: db.pool });
    const id = `sub_corrupt_${Date.now()}` as SubscriptionId;
    await db.pool.query(
      `INSERT INTO protocol_guard_subscriptions (id, protocol_name, status, channels, rules, manage_token_hash, created_at, updated_at)
       VALUES ($1, 'X', 'active', '{"slack": "x"}', '[]', 'h', 'c', 'u')`,
      [id],
    );
    expect((await left(store.get(id))).source).to.equal("storage");
  });
});
