-- Up Migration
-- Issue 28 finding 3: a flag is marked "under review" in answers only by the operator's decision, read by address
-- on every answer (the primary key's leading column is the index). Feedback is no longer read by answers: it is the
-- operator's queue, listed by address, so its index serves that listing (newest first) instead of the old
-- (address, verdict) scan for false positives.
CREATE TABLE IF NOT EXISTS flag_decisions (
  address text NOT NULL,
  flag text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('under_review', 'review_closed')),
  note text CHECK (char_length(note) <= 200),
  decided_at text NOT NULL,
  PRIMARY KEY (address, flag)
);
DROP INDEX IF EXISTS feedback_by_address;
CREATE INDEX IF NOT EXISTS feedback_by_address_newest ON feedback (address, seq DESC);

-- Down Migration
DROP INDEX IF EXISTS feedback_by_address_newest;
CREATE INDEX IF NOT EXISTS feedback_by_address ON feedback (address, verdict);
DROP TABLE flag_decisions;
