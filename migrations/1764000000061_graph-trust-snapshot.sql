-- Up Migration
-- Graph trust computed once per deployment (with DATABASE_URL): the instances compete for a lease per chain
-- (same shape as chain_follower_lease); its holder recomputes graph trust and writes the snapshot here, every
-- instance answers from the latest row. One row per chain: a write replaces it only when it is newer (a higher
-- as_of_block, or the same block computed later), so a deposed holder's late write cannot bring back an old one.
CREATE TABLE graph_trust_lease (
  chain_id bigint PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE graph_trust_snapshot (
  chain_id bigint PRIMARY KEY,
  as_of_block bigint NOT NULL,
  -- ISO 8601 as the computing instance wrote it (answers carry it verbatim).
  computed_at text NOT NULL,
  seeds jsonb NOT NULL,
  -- SybilCluster[] (members, evidence, confidence); clusterOf is rebuilt from it.
  clusters jsonb NOT NULL,
  -- graphTrust and percentile per wallet, 23 bytes a wallet (see graph-trust-snapshot-codec.ts).
  trust bytea NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE graph_trust_snapshot;
DROP TABLE graph_trust_lease;
