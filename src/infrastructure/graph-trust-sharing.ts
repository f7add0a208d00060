import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import pg from "pg";
import type { Logger } from "pino";
import { PostgresGraphTrustStore } from "../adapters/storage/postgres-graph-trust-store.adapter";
import { PostgresLease, type LeaseChange } from "../adapters/shared/postgres-lease";
import type { GraphTrustComputeLease as ComputeLease } from "../adapters/workers/graph-trust.worker";
import type { Config } from "./config/config";

/** The graph-trust lease of this instance, when graph trust is shared (bound by bindGraphTrust, started by the worker). */
export const GraphTrustComputeLease = Symbol.for("GraphTrustComputeLease");

export interface SharedGraphTrust {
  readonly store: PostgresGraphTrustStore;
  readonly lease: ComputeLease;
}

/**
 * RPC mode with DATABASE_URL: graph trust computed once per deployment. The instance holding the
 * `graph_trust_lease` recomputes and writes the snapshot; every instance answers from the latest one in
 * PostgreSQL. Null otherwise: without a database there is nothing to share, and an embedded chain is each
 * process's own (its graph is not another instance's).
 */
export function sharedGraphTrust(
  config: Config,
  chainId: number,
  database: pg.Pool | null,
  logger: Logger,
): SharedGraphTrust | null {
  const url = config.env.DATABASE_URL;
  if (database === null || url === undefined || config.chainMode !== "rpc") return null;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  // A pool of its own: renewals must not queue behind snapshot writes on the shared pool.
  const leasePool = new pg.Pool({ connectionString: url, max: 1 });
  leasePool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection of the graph-trust lease lost"));
  const announce = (change: LeaseChange) => {
    if (change.kind === "became") logger.info({ holder }, "became the graph-trust computer");
    else if (change.kind === "took over")
      logger.info({ holder, previous: change.previous }, "took over as the graph-trust computer");
    else logger.warn({ holder }, "lost the graph-trust lease; reading snapshots from PostgreSQL");
  };
  const lease = new PostgresLease({
    pool: leasePool,
    table: "graph_trust_lease",
    chainId,
    holder,
    leaseSeconds: config.env.GRAPH_TRUST_LEASE_SECONDS,
    onChange: announce,
    onError: (error) => logger.warn({ err: error }, "graph-trust lease not renewed"),
  });
  let warnedAt = 0;
  const onReadError = (error: unknown) => {
    // Every graph-trust request refreshes: during an outage, say it once a minute, not once a request.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    logger.warn({ err: error }, "graph trust snapshot not read from PostgreSQL; answering from the one held");
  };
  return {
    store: new PostgresGraphTrustStore({ pool: database, chainId, writer: holder, onReadError }),
    lease: {
      get held() {
        return lease.held;
      },
      start: () => lease.start(),
      stop: async () => {
        await lease.stop();
        await leasePool.end();
      },
    },
  };
}
