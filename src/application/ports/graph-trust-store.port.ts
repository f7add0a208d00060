import type { Address } from "../../domain/chain/address";
import type { SybilCluster } from "../../domain/graph-trust/cluster-types";
import type { GraphTrust } from "../../domain/graph-trust/graph-trust";

/** One recompute of graph trust: what the API and scoring read until the next. */
export interface GraphTrustSnapshot {
  readonly asOfBlock: number;
  /** Wall clock, ISO 8601. */
  readonly computedAt: string;
  readonly seeds: readonly Address[];
  readonly trust: ReadonlyMap<Address, GraphTrust>;
  readonly clusters: readonly SybilCluster[];
  readonly clusterOf: ReadonlyMap<Address, SybilCluster>;
}

/**
 * Where graph-trust snapshots live. One instance computes them (`save`); every instance answers from
 * the newest it holds (`latest`, synchronous: scoring reads it on the request path) and brings in a newer
 * one saved elsewhere with `refresh`.
 */
export interface GraphTrustStore {
  /** The newest snapshot this instance holds, or an interim one shown since. */
  latest(): GraphTrustSnapshot | null;
  /** Shown by latest() in this process only, never stored: a recompute's clusters while its trust is computed. */
  showInterim(snapshot: GraphTrustSnapshot): void;
  /**
   * Stores the snapshot for every instance and holds it here. Refused (false) when the store already has
   * a newer one (see newerSnapshot); this instance then holds that one instead.
   */
  save(snapshot: GraphTrustSnapshot): Promise<boolean>;
  /** Brings in the stored snapshot when it is newer than the one held; resolves to latest() after. */
  refresh(): Promise<GraphTrustSnapshot | null>;
}

export const GraphTrustStore = Symbol.for("GraphTrustStore");

/** The order of snapshots: a later block wins; at the same block, the later computation (a final over its interim). */
export function newerSnapshot(
  a: Pick<GraphTrustSnapshot, "asOfBlock" | "computedAt">,
  b: Pick<GraphTrustSnapshot, "asOfBlock" | "computedAt"> | null,
): boolean {
  if (b === null) return true;
  if (a.asOfBlock !== b.asOfBlock) return a.asOfBlock > b.asOfBlock;
  return Date.parse(a.computedAt) > Date.parse(b.computedAt);
}
