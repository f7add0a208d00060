-- Up Migration
-- Revocation reasons become one code of a fixed list plus an optional plain-text note (issue 28 finding 8): the
-- free text any platform key could write was republished verbatim on the public list. Rows revoked before this
-- migration are published as `other` without a note; their text stays in legacy_reason, which the service never
-- reads, for the operator to review.
ALTER TABLE attestation_revocations RENAME COLUMN reason TO legacy_reason;
ALTER TABLE attestation_revocations ALTER COLUMN legacy_reason DROP NOT NULL;
ALTER TABLE attestation_revocations ADD COLUMN reason text NOT NULL DEFAULT 'other'
  CHECK (reason IN ('key_compromised', 'score_changed', 'issued_in_error', 'dispute_upheld', 'other'));
ALTER TABLE attestation_revocations ALTER COLUMN reason DROP DEFAULT;
ALTER TABLE attestation_revocations ADD COLUMN note text CHECK (char_length(note) <= 200);

-- Down Migration
UPDATE attestation_revocations SET legacy_reason = COALESCE(legacy_reason, reason);
ALTER TABLE attestation_revocations DROP COLUMN note;
ALTER TABLE attestation_revocations DROP COLUMN reason;
ALTER TABLE attestation_revocations ALTER COLUMN legacy_reason SET NOT NULL;
ALTER TABLE attestation_revocations RENAME COLUMN legacy_reason TO reason;
