-- Up Migration
-- Protocol Guard watches contracts on chain (issue 14): subscriptions gain their watched contracts and a
-- final `cancelled` status; alerts get their id as a column, so a block processed twice records each
-- alert once; on-chain events; the delivery outbox and its per-attempt log; the watcher's cursor.
ALTER TABLE protocol_guard_subscriptions ADD COLUMN IF NOT EXISTS contracts jsonb NOT NULL DEFAULT '[]';
ALTER TABLE protocol_guard_subscriptions DROP CONSTRAINT IF EXISTS protocol_guard_subscriptions_status_check;
ALTER TABLE protocol_guard_subscriptions
  ADD CONSTRAINT protocol_guard_subscriptions_status_check CHECK (status IN ('active', 'paused', 'cancelled'));

ALTER TABLE protocol_guard_subscriptions_alerts ADD COLUMN IF NOT EXISTS alert_id text;
UPDATE protocol_guard_subscriptions_alerts SET alert_id = alert->>'id' WHERE alert_id IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS protocol_guard_subscriptions_alerts_by_alert_id
  ON protocol_guard_subscriptions_alerts (subscription_id, alert_id);

-- On-chain events: `seq` orders by insertion; the wallet index answers "last seen" (score_drop, ladder_band_change).
CREATE TABLE IF NOT EXISTS protocol_guard_subscriptions_events (
  seq bigserial PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES protocol_guard_subscriptions (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  wallet text NOT NULL,
  block_number bigint NOT NULL,
  event jsonb NOT NULL,
  UNIQUE (subscription_id, event_id)
);
CREATE INDEX IF NOT EXISTS protocol_guard_subscriptions_events_by_wallet
  ON protocol_guard_subscriptions_events (subscription_id, wallet, block_number DESC, seq DESC);

-- One row per alert and channel; `payload` is fixed when queued. Times are epoch milliseconds.
CREATE TABLE IF NOT EXISTS protocol_guard_deliveries (
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
);
CREATE INDEX IF NOT EXISTS protocol_guard_deliveries_due ON protocol_guard_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS protocol_guard_deliveries_by_alert ON protocol_guard_deliveries (subscription_id, alert_id);
CREATE TABLE IF NOT EXISTS protocol_guard_deliveries_attempts (
  seq bigserial PRIMARY KEY,
  subscription_id text NOT NULL,
  delivery_id text NOT NULL,
  attempt jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS protocol_guard_deliveries_attempts_by_subscription
  ON protocol_guard_deliveries_attempts (subscription_id, seq DESC);

-- The watcher's position per chain: the last block it finished and that block's hash.
CREATE TABLE IF NOT EXISTS protocol_guard_watch_cursor (
  key text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL
);

-- Down Migration
DROP TABLE protocol_guard_watch_cursor;
DROP TABLE protocol_guard_deliveries_attempts;
DROP TABLE protocol_guard_deliveries;
DROP TABLE protocol_guard_subscriptions_events;
DROP INDEX protocol_guard_subscriptions_alerts_by_alert_id;
ALTER TABLE protocol_guard_subscriptions_alerts DROP COLUMN alert_id;
ALTER TABLE protocol_guard_subscriptions DROP CONSTRAINT protocol_guard_subscriptions_status_check;
ALTER TABLE protocol_guard_subscriptions
  ADD CONSTRAINT protocol_guard_subscriptions_status_check CHECK (status IN ('active', 'paused'));
ALTER TABLE protocol_guard_subscriptions DROP COLUMN contracts;
