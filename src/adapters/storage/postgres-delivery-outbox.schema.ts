import type { Pool } from "pg";
import { tolerateConcurrentCreate } from "./postgres-subscription-store.schema";

/**
 * The outbox schema, all of it here (to become a migration): one row per alert and channel
 * (`payload` fixed when queued), and the per-attempt log. Times are epoch milliseconds.
 */
export async function createOutboxSchema(pool: Pool, table: string): Promise<void> {
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${table} (
       id text PRIMARY KEY,
       seq bigserial UNIQUE,
       subscription_id text NOT NULL,
       alert_id text NOT NULL,
       channel_id text NOT NULL,
       channel_type text NOT NULL,
       webhook_id text NOT NULL,
       payload text NOT NULL,
       status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'disabled')),
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at bigint NOT NULL,
       leased_until bigint NOT NULL DEFAULT 0,
       last_attempt_at text,
       last_response_status integer,
       created_at text NOT NULL
     )`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE INDEX IF NOT EXISTS ${table}_due ON ${table} (next_attempt_at) WHERE status = 'pending'`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE INDEX IF NOT EXISTS ${table}_by_alert ON ${table} (subscription_id, alert_id)`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${table}_attempts (
       seq bigserial PRIMARY KEY,
       subscription_id text NOT NULL,
       delivery_id text NOT NULL,
       attempt jsonb NOT NULL
     )`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE INDEX IF NOT EXISTS ${table}_attempts_by_subscription ON ${table}_attempts (subscription_id, seq DESC)`,
  );
}
