-- Up Migration
-- Revoked attestations (Credence `att_…` ids and EAS UIDs); `seq` orders the published list, newest first.
-- revoked_at is the ISO text the service wrote, so it reads back byte for byte.
CREATE TABLE IF NOT EXISTS attestation_revocations (
  seq bigserial UNIQUE,
  id text PRIMARY KEY,
  revoked_at text NOT NULL,
  reason text NOT NULL
);

-- Down Migration
DROP TABLE attestation_revocations;
