import { expect } from "chai";
import { aesGcmSecretBox } from "../../../src/adapters/crypto/aes-gcm-secret-box";
import { PostgresSubscriptionStore } from "../../../src/adapters/storage/postgres-subscription-store.adapter";
import type { Address } from "../../../src/domain/chain/address";
import type { SubscriptionId } from "../../../src/domain/protocol-guard/subscription";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { left, right } from "./support/task-either";
import { subscriptionStoreContract } from "./subscription-store.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("guard");
});
after(async () => db.drop());

const box = aesGcmSecretBox(Buffer.alloc(32, 9));
subscriptionStoreContract("postgres", () => new PostgresSubscriptionStore({ pool: db.pool, box }));

describe("PostgresSubscriptionStore", () => {
  it("channels are stored sealed (no URL or address in the table), and read back with the key only", async () => {
    const store = new PostgresSubscriptionStore({ pool: db.pool, box });
    const id = `sub_sealed_${Date.now()}` as SubscriptionId;
    const channels = [
      { id: "ch_1", type: "webhook" as const, url: "https://hooks.example.org/s3cret", status: "active" as const },
    ];
    const s = {
      id,
      protocolName: "P",
      status: "active" as const,
      channels,
      rules: [],
      contracts: [],
      manageTokenHash: "h",
      createdAt: "c",
      updatedAt: "u",
    };
    await right(store.create(s));
    const raw = await db.pool.query(`SELECT channels::text AS c FROM protocol_guard_subscriptions WHERE id = $1`, [id]);
    expect(String(raw.rows[0]?.c)).to.contain("sealed").and.not.contain("s3cret");
    expect((await right(store.get(id)))?.channels).to.deep.equal(channels);
    const wrongKey = new PostgresSubscriptionStore({ pool: db.pool, box: aesGcmSecretBox(Buffer.alloc(32, 1)) });
    expect((await left(wrongKey.get(id))).source).to.equal("storage");
  });

  it("watching() opens a subscription's sealed channels only when they are read (the watcher reads every subscription every block)", async () => {
    const opens = { n: 0 };
    const counting = {
      seal: (plain: string) => box.seal(plain),
      open: (sealed: string) => (opens.n++, box.open(sealed)),
    };
    const store = new PostgresSubscriptionStore({ pool: db.pool, box: counting });
    const id = `sub_lazy_${Date.now()}` as SubscriptionId;
    const channels = [
      { id: "ch_1", type: "webhook" as const, url: "https://hooks.example.org/lazy", status: "active" as const },
    ];
    const contracts = [{ address: ("0x" + "ab".repeat(20)) as Address }];
    const s = { id, protocolName: "P", status: "active" as const, channels, rules: [], contracts };
    await right(store.create({ ...s, manageTokenHash: "h", createdAt: "c", updatedAt: "u" }));
    const watched = (await right(store.watching())).find((w) => w.id === id);
    expect(watched?.contracts).to.deep.equal(contracts);
    expect(opens.n).to.equal(0, "nothing opened by the read");
    expect(watched?.channels).to.deep.equal(channels);
    expect(watched?.channels).to.deep.equal(channels);
    expect(opens.n).to.equal(1, "opened once, on first read");
  });

  it("a row of the older shape ({webhookUrl, email} channels) still reads, as the list", async () => {
    const store = new PostgresSubscriptionStore({ pool: db.pool, box });
    const id = `sub_legacy_${Date.now()}` as SubscriptionId;
    await db.pool.query(
      `INSERT INTO protocol_guard_subscriptions (id, protocol_name, status, channels, rules, manage_token_hash, created_at, updated_at)
       VALUES ($1, 'Old', 'active', '{"webhookUrl": "https://hooks.example.org/old", "email": "ops@example.org"}', '[]', 'h', 'c', 'u')`,
      [id],
    );
    expect((await right(store.get(id)))?.channels).to.deep.equal([
      { type: "webhook", url: "https://hooks.example.org/old", id: "ch_legacy0", status: "active", secretVersion: 1 },
      { type: "email", to: "ops@example.org", id: "ch_legacy1", status: "active" },
    ]);
  });

  it("a row that no longer decodes is a storage failure, not a half-read subscription", async () => {
    const store = new PostgresSubscriptionStore({ pool: db.pool, box });
    const id = `sub_corrupt_${Date.now()}` as SubscriptionId;
    await db.pool.query(
      `INSERT INTO protocol_guard_subscriptions (id, protocol_name, status, channels, rules, manage_token_hash, created_at, updated_at)
       VALUES ($1, 'X', 'active', '{"slack": "x"}', '[]', 'h', 'c', 'u')`,
      [id],
    );
    expect((await left(store.get(id))).source).to.equal("storage");
  });
});
