-- Up Migration
-- Most ingestion steps find no staking activity: their batch only moves the leaderboard's clock and block, which the
-- next batch moves further, so it is kept only while it is the latest. Without this the journal grew by a row a poll
-- and a start replayed all of them. Rows recorded before this migration are kept as they are (not marked empty).
ALTER TABLE staking_leaderboard_batches ADD COLUMN empty boolean NOT NULL DEFAULT false;
CREATE INDEX staking_leaderboard_batches_empty ON staking_leaderboard_batches (seq) WHERE empty;

-- Down Migration
DROP INDEX staking_leaderboard_batches_empty;
ALTER TABLE staking_leaderboard_batches DROP COLUMN empty;
