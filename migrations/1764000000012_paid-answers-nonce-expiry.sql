-- Up Migration
-- A sign-in nonce is kept only while its message can be presented (issuedAt + the 5-minute sign-in
-- window), then deleted. Rows from before get their use time + 5 minutes: a message is never used
-- before it is issued, so that is at least as long.
ALTER TABLE paid_answers_nonces ADD COLUMN IF NOT EXISTS kept_until_ms bigint;
UPDATE paid_answers_nonces SET kept_until_ms = used_at_ms + 300000 WHERE kept_until_ms IS NULL;
ALTER TABLE paid_answers_nonces ALTER COLUMN kept_until_ms SET NOT NULL;
CREATE INDEX IF NOT EXISTS paid_answers_nonces_by_expiry ON paid_answers_nonces (kept_until_ms);

-- Down Migration
DROP INDEX paid_answers_nonces_by_expiry;
ALTER TABLE paid_answers_nonces DROP COLUMN kept_until_ms;
