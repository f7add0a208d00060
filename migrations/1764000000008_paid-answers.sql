-- Up Migration
-- Answers bought, by payer and resource, read again by a payer who signs in (x402 sign-in-with-x);
-- and the sign-in nonces already used (each works once).
CREATE TABLE IF NOT EXISTS paid_answers (
  seq bigserial PRIMARY KEY,
  payer text NOT NULL,
  resource text NOT NULL,
  response jsonb NOT NULL,
  at_ms bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS paid_answers_by_payer ON paid_answers (payer, resource, at_ms DESC);
CREATE TABLE IF NOT EXISTS paid_answers_nonces (
  nonce text PRIMARY KEY,
  used_at_ms bigint NOT NULL
);

-- Down Migration
DROP TABLE paid_answers_nonces;
DROP TABLE paid_answers;
