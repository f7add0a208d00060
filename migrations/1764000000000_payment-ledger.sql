-- Up Migration
-- Spent payments (one row per proof key). IF NOT EXISTS adopts a table made by releases that created
-- it from inside the adapter; the status check is widened for tables made before `spent` and `uncertain`.
CREATE TABLE IF NOT EXISTS payment_ledger (
  proof_key text PRIMARY KEY,
  status text NOT NULL,
  expires_at bigint NOT NULL,
  payer text,
  value numeric(78, 0),
  transaction text,
  reserved_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
ALTER TABLE payment_ledger DROP CONSTRAINT IF EXISTS payment_ledger_status_check;
ALTER TABLE payment_ledger ADD CONSTRAINT payment_ledger_status_check
  CHECK (status IN ('reserved', 'settled', 'spent', 'uncertain')) NOT VALID;

-- Down Migration
DROP TABLE payment_ledger;
