import { InMemoryDeliveryOutbox } from "../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { PostgresDeliveryOutbox } from "../../../src/adapters/storage/postgres-delivery-outbox.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { deliveryOutboxContract } from "./delivery-outbox.contract";

/** A schema of our own per run, migrated like production and dropped afterwards. */
let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("outbox");
});
after(async () => db.drop());

deliveryOutboxContract("in memory", () => new InMemoryDeliveryOutbox());
deliveryOutboxContract("postgres", () => new PostgresDeliveryOutbox({ pool: db.pool }));
