-- Up Migration
-- Feedback on answers (issue 17): a review queue trimmed to the newest entries by the adapter. `seq` orders
-- entries by insertion; received_at is the ISO text the service wrote.
CREATE TABLE IF NOT EXISTS feedback (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  address text NOT NULL,
  flag text,
  verdict text NOT NULL CHECK (verdict IN ('false_positive', 'false_negative')),
  note text,
  contact text,
  received_at text NOT NULL
);
CREATE INDEX IF NOT EXISTS feedback_by_address ON feedback (address, verdict);

-- Down Migration
DROP TABLE feedback;
