import { InMemoryFeedbackStore } from "../../../src/adapters/storage/in-memory-feedback-store.adapter";
import { PostgresFeedbackStore } from "../../../src/adapters/storage/postgres-feedback-store.adapter";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { feedbackStoreContract } from "./feedback-store.contract";

feedbackStoreContract("in memory", (kept) => new InMemoryFeedbackStore(kept));

let db: MigratedSchema;
before(async () => {
  db = await migratedSchema("feedback");
});
after(async () => db.drop());

feedbackStoreContract(
  "postgres",
  (kept) => new PostgresFeedbackStore({ pool: db.pool, ...(kept === undefined ? {} : { kept }) }),
);
