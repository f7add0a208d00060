-- Up Migration
-- The poison-block policy of the Protocol Guard watcher: failed attempts at a block, beside its cursor
-- (same key: one row set per watched chain), so a restart does not reset the count and instances
-- count a round of attempts once. Rows of blocks the watcher has passed are deleted.
CREATE TABLE protocol_guard_block_attempts (
  key text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  attempts integer NOT NULL,
  -- The last failure, bounded by the watcher (no URLs or keys).
  reason text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, block_number, block_hash)
);

-- Down Migration
DROP TABLE protocol_guard_block_attempts;
