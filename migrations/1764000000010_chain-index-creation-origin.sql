-- Up Migration
-- Contracts made by other contracts (factories) are indexed too: `creator` is the factory, `origin` the
-- account that sent the transaction. A deployment's origin is its creator, so older rows get it back.
ALTER TABLE chain_index_creations ADD COLUMN origin text;
UPDATE chain_index_creations SET origin = creator;

-- Down Migration
ALTER TABLE chain_index_creations DROP COLUMN origin;
