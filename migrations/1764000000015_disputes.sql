-- Up Migration
-- Issue 29 item 5: disputes of a flag, filed by anyone, decided once by the operator. An answer reads an address's
-- disputes (newest first) on every request: (address, seq DESC) is that read. An upheld dispute becomes the flag's
-- standing decision, so flag_decisions accepts the two outcomes it records.
CREATE TABLE IF NOT EXISTS disputes (
  seq bigserial,
  id text PRIMARY KEY,
  address text NOT NULL,
  flag text NOT NULL,
  reason text NOT NULL CHECK (char_length(reason) <= 1000),
  evidence text CHECK (char_length(evidence) <= 2000),
  contact text CHECK (char_length(contact) <= 200),
  owner_signed boolean NOT NULL,
  signer text,
  status text NOT NULL CHECK (status IN ('open', 'upheld', 'rejected')),
  filed_at text NOT NULL,
  decided_at text,
  decision_reason text CHECK (char_length(decision_reason) <= 500),
  action text CHECK (action IN ('remove', 'downgrade'))
);
CREATE INDEX IF NOT EXISTS disputes_by_address_newest ON disputes (address, seq DESC);
ALTER TABLE flag_decisions DROP CONSTRAINT IF EXISTS flag_decisions_decision_check;
ALTER TABLE flag_decisions ADD CONSTRAINT flag_decisions_decision_check
  CHECK (decision IN ('under_review', 'review_closed', 'flag_removed', 'flag_downgraded'));

-- Down Migration
DELETE FROM flag_decisions WHERE decision IN ('flag_removed', 'flag_downgraded');
ALTER TABLE flag_decisions DROP CONSTRAINT IF EXISTS flag_decisions_decision_check;
ALTER TABLE flag_decisions ADD CONSTRAINT flag_decisions_decision_check
  CHECK (decision IN ('under_review', 'review_closed'));
DROP TABLE disputes;
