-- Up Migration
-- Score snapshots, durable and shared by every instance (process memory stays the embedded default).
-- `seq` orders a subject's history; the adapter keeps a bounded history per subject.
CREATE TABLE snapshots (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  subject text NOT NULL,
  subject_type text NOT NULL,
  score integer,
  tier text NOT NULL,
  confidence integer NOT NULL,
  flags jsonb NOT NULL,
  scoring_version text NOT NULL,
  queried_at text NOT NULL,
  block_number bigint NOT NULL,
  block_timestamp bigint NOT NULL,
  content_hash text NOT NULL
);
CREATE INDEX snapshots_by_subject ON snapshots (subject, seq DESC);

-- Down Migration
DROP TABLE snapshots;
