-- Up Migration
-- One chain follower per deployment (RPC mode with DATABASE_URL): the instances compete for a lease per
-- chain, renewed by its holder; the holder follows the node and publishes every block it reads here, the
-- others read them from here. Old blocks are pruned by the holder (a late reader falls back to the node).
CREATE TABLE chain_follower_lease (
  chain_id bigint PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE chain_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  -- The block as the stream hands it (JSON, bigints as {"$bigint": "<decimal>"}).
  block text NOT NULL,
  PRIMARY KEY (chain_id, number)
);

-- Down Migration
DROP TABLE chain_blocks;
DROP TABLE chain_follower_lease;
