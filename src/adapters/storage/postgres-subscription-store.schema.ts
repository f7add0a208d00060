import type { Pool } from "pg";

/** Two processes creating the same table at once: the loser sees a duplicate, which is fine. */
export async function tolerateConcurrentCreate(pool: Pool, sql: string): Promise<void> {
  try {
    await pool.query(sql);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "23505" && code !== "42P07" && code !== "42710") throw error;
  }
}

/**
 * The Protocol Guard subscription schema, all of it here (to become a migration): subscriptions,
 * their alerts and their on-chain events. `seq` orders by insertion; times are the ISO text the
 * service wrote. Later columns are added with IF NOT EXISTS so a table of an older release is
 * brought forward in place (its rows keep the older channel shape, which is still read).
 */
export async function createSubscriptionSchema(pool: Pool, table: string): Promise<void> {
  const [alerts, events] = [`${table}_alerts`, `${table}_events`];
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${table} (
       seq bigserial UNIQUE,
       id text PRIMARY KEY,
       protocol_name text NOT NULL,
       status text NOT NULL,
       channels jsonb NOT NULL,
       rules jsonb NOT NULL,
       manage_token_hash text NOT NULL,
       created_at text NOT NULL,
       updated_at text NOT NULL
     )`,
  );
  await pool.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS contracts jsonb NOT NULL DEFAULT '[]'`);
  // Older releases limited status to active|paused; cancelled is new.
  await pool.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_status_check`);
  await tolerateConcurrentCreate(
    pool,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_status_check CHECK (status IN ('active', 'paused', 'cancelled'))`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${alerts} (
       seq bigserial PRIMARY KEY,
       subscription_id text NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
       alert jsonb NOT NULL
     )`,
  );
  await pool.query(`ALTER TABLE ${alerts} ADD COLUMN IF NOT EXISTS alert_id text`);
  await tolerateConcurrentCreate(
    pool,
    `CREATE INDEX IF NOT EXISTS ${alerts}_by_subscription ON ${alerts} (subscription_id, seq DESC)`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE UNIQUE INDEX IF NOT EXISTS ${alerts}_by_alert_id ON ${alerts} (subscription_id, alert_id)`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE TABLE IF NOT EXISTS ${events} (
       seq bigserial PRIMARY KEY,
       subscription_id text NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
       event_id text NOT NULL,
       wallet text NOT NULL,
       block_number bigint NOT NULL,
       event jsonb NOT NULL,
       UNIQUE (subscription_id, event_id)
     )`,
  );
  await tolerateConcurrentCreate(
    pool,
    `CREATE INDEX IF NOT EXISTS ${events}_by_wallet ON ${events} (subscription_id, wallet, block_number DESC, seq DESC)`,
  );
}
