-- Up Migration
-- The staking leaderboard's input, as a journal of ingestion batches in the order they were recorded.
-- Every instance replays it into its in-memory ranking; replaying a batch twice is harmless (the
-- domain de-duplicates activities), so instances indexing the same blocks never corrupt it.
CREATE TABLE staking_leaderboard_batches (
  seq bigserial PRIMARY KEY,
  to_block bigint NOT NULL,
  batch jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staking_leaderboard_batches_to_block ON staking_leaderboard_batches (to_block);

-- Down Migration
DROP TABLE staking_leaderboard_batches;
