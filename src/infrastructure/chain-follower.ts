import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import pg from "pg";
import type { Logger } from "pino";
import type { BlockSource } from "../adapters/explorer/local-index/followed-block-stream";
import { PostgresLease, type LeaseChange } from "../adapters/shared/postgres-lease";
import { PublishedBlockSource } from "../adapters/explorer/postgres-stream/published-block-source";
import type { Config } from "./config/config";

export interface ChainFollowerLease {
  /** The block source the process's stream reads: the node while this instance holds the lease, PostgreSQL otherwise. */
  sourceFor(node: BlockSource): BlockSource;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * RPC mode with DATABASE_URL: one chain follower per deployment. The instance holding the lease reads
 * the node and publishes blocks to PostgreSQL; the others read them there. Null otherwise (the embedded
 * chain is each process's own, and without a database there is nothing to share).
 */
export function followerLease(config: Config, logger: Logger): ChainFollowerLease | null {
  const url = config.env.DATABASE_URL;
  if (url === undefined || config.chainMode !== "rpc") return null;
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection of the chain follower lost"));
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const announce = (change: LeaseChange) => {
    if (change.kind === "became") logger.info({ holder }, "became the chain follower");
    else if (change.kind === "took over")
      logger.info({ holder, previous: change.previous }, "took over as the chain follower");
    else logger.warn({ holder }, "lost the chain follower lease; reading published blocks");
  };
  const lease = new PostgresLease({
    pool,
    table: "chain_follower_lease",
    chainId: config.env.CHAIN_ID,
    holder,
    leaseSeconds: config.env.CHAIN_FOLLOWER_LEASE_SECONDS,
    onChange: announce,
    onError: (error) => logger.warn({ err: error }, "chain follower lease not renewed"),
  });
  return {
    sourceFor: (node) =>
      new PublishedBlockSource(node, {
        pool,
        chainId: config.env.CHAIN_ID,
        leader: () => lease.held,
        onError: (error) => logger.warn({ err: error }, "publishing blocks failed; readers fall back to the node"),
      }),
    start: () => lease.start(),
    stop: async () => {
      await lease.stop();
      await pool.end();
    },
  };
}
