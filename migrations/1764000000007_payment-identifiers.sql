-- Up Migration
-- x402 payment-identifier ids: the SHA-256 of the payment header and resource they are bound to, the
-- claim time of a request in flight, and the paid response once there is one (served again on a retry).
CREATE TABLE IF NOT EXISTS payment_identifiers (
  id text PRIMARY KEY,
  fingerprint text NOT NULL,
  claimed_at_ms bigint NOT NULL,
  response jsonb
);

-- Down Migration
DROP TABLE payment_identifiers;
