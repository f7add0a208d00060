-- Up Migration
-- The chain index for RPC mode without an explorer: what the in-memory index keeps, durable and shared.
-- One instance writes (under an advisory lock); a block range lands in one transaction together with
-- the cursor, so a crash never leaves half a range or a range twice.
CREATE TABLE chain_index_cursor (
  id smallint PRIMARY KEY CHECK (id = 1),
  chain_id bigint NOT NULL,
  genesis_hash text NOT NULL,
  from_block bigint NOT NULL,
  synced_to bigint NOT NULL
);
CREATE TABLE chain_index_transactions (
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  hash text NOT NULL,
  ts bigint NOT NULL,
  from_address text NOT NULL,
  to_address text,
  value numeric(78, 0) NOT NULL,
  selector text NOT NULL,
  success boolean NOT NULL,
  contract_created text,
  PRIMARY KEY (block_number, tx_index)
);
CREATE INDEX chain_index_transactions_from ON chain_index_transactions (from_address, block_number);
CREATE INDEX chain_index_transactions_to ON chain_index_transactions (to_address, block_number);
CREATE INDEX chain_index_transactions_created ON chain_index_transactions (contract_created) WHERE contract_created IS NOT NULL;
CREATE TABLE chain_index_transfers (
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  part integer NOT NULL,
  tx_hash text NOT NULL,
  ts bigint NOT NULL,
  standard text NOT NULL,
  token text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  value numeric(78, 0) NOT NULL,
  token_id numeric(78, 0),
  PRIMARY KEY (block_number, log_index, part)
);
CREATE INDEX chain_index_transfers_token ON chain_index_transfers (token, block_number);
CREATE INDEX chain_index_transfers_from ON chain_index_transfers (from_address, block_number);
CREATE INDEX chain_index_transfers_to ON chain_index_transfers (to_address, block_number);
CREATE TABLE chain_index_creations (
  contract text PRIMARY KEY,
  creator text NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint,
  ts bigint
);
CREATE TABLE chain_index_balances (
  token text NOT NULL,
  holder text NOT NULL,
  balance numeric(78, 0) NOT NULL,
  PRIMARY KEY (token, holder)
);

-- Down Migration
DROP TABLE chain_index_balances;
DROP TABLE chain_index_creations;
DROP TABLE chain_index_transfers;
DROP TABLE chain_index_transactions;
DROP TABLE chain_index_cursor;
