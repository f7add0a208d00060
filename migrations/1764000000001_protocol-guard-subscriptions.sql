-- Up Migration
-- Protocol Guard subscriptions and their alerts. `seq` orders both by insertion (list newest first,
-- alerts newest first); times are the ISO text the service wrote, so they read back byte for byte.
CREATE TABLE IF NOT EXISTS protocol_guard_subscriptions (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  protocol_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paused')),
  channels jsonb NOT NULL,
  rules jsonb NOT NULL,
  manage_token_hash text NOT NULL,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE TABLE IF NOT EXISTS protocol_guard_subscriptions_alerts (
  seq bigserial PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES protocol_guard_subscriptions (id) ON DELETE CASCADE,
  alert jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS protocol_guard_subscriptions_alerts_by_subscription
  ON protocol_guard_subscriptions_alerts (subscription_id, seq DESC);

-- Down Migration
DROP TABLE protocol_guard_subscriptions_alerts;
DROP TABLE protocol_guard_subscriptions;
