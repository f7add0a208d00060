import * as E from "fp-ts/Either";
import * as t from "io-ts";
import type { GraphTrustSnapshot } from "../../application/ports/graph-trust-store.port";
import { AddressCodec, type Address } from "../../domain/chain/address";
import type { TxHash } from "../../domain/chain/chain-types";
import type { SybilCluster } from "../../domain/graph-trust/cluster-types";
import type { GraphTrust } from "../../domain/graph-trust/graph-trust";

/**
 * A graph-trust snapshot as PostgreSQL keeps it. Trust covers every ranked wallet (up to GRAPH_MAX_NODES),
 * so it is packed: 20 address bytes, graphTrust (an integer 0-100) in one byte, percentile in tenths (0-1000)
 * in two, 23 bytes a wallet instead of ~70 as JSON; clusters and seeds are JSON. Every read is decoded
 * before use: a row that does not decode is a storage failure, never half a snapshot.
 */
const RECORD = 23;

const TX_HASH = /^0x[0-9a-f]{64}$/;
const TxHashCodec = new t.Type<TxHash, string, unknown>(
  "TxHash",
  (u): u is TxHash => typeof u === "string" && TX_HASH.test(u),
  (u, c) => (typeof u === "string" && TX_HASH.test(u) ? t.success(u as TxHash) : t.failure(u, c, "not a tx hash")),
  (h) => h,
);
const ClusterCodec = t.type({
  id: t.string,
  members: t.array(AddressCodec),
  evidence: t.array(
    t.type({
      family: t.keyof({ funding: null, sweep: null, timing: null, amounts: null, co_trading: null }),
      detail: t.string,
      txHashes: t.array(TxHashCodec),
    }),
  ),
  confidence: t.number,
});
const Row = t.type({
  as_of_block: t.string,
  computed_at: t.string,
  seeds: t.array(AddressCodec),
  clusters: t.array(ClusterCodec),
  trust: t.unknown,
});

export interface StoredSnapshot {
  readonly asOfBlock: number;
  readonly computedAt: string;
  readonly seeds: string;
  readonly clusters: string;
  readonly trust: Buffer;
}

export function encodeSnapshot(snapshot: GraphTrustSnapshot): StoredSnapshot {
  return {
    asOfBlock: snapshot.asOfBlock,
    computedAt: snapshot.computedAt,
    seeds: JSON.stringify(snapshot.seeds),
    clusters: JSON.stringify(snapshot.clusters),
    trust: packTrust(snapshot.trust),
  };
}

/** Columns as selected by the store (as_of_block::text, jsonb parsed by pg, bytea as a Buffer). */
export async function decodeSnapshot(row: unknown): Promise<GraphTrustSnapshot> {
  const decoded = Row.decode(row);
  if (E.isLeft(decoded)) throw new Error("graph_trust_snapshot row does not decode");
  const { as_of_block, computed_at, seeds, clusters, trust } = decoded.right;
  const asOfBlock = Number(as_of_block);
  if (!Number.isSafeInteger(asOfBlock) || Number.isNaN(Date.parse(computed_at)) || !Buffer.isBuffer(trust))
    throw new Error("graph_trust_snapshot row does not decode");
  const clusterOf = new Map<Address, SybilCluster>();
  for (const c of clusters) for (const m of c.members) clusterOf.set(m, c);
  return { asOfBlock, computedAt: computed_at, seeds, clusters, clusterOf, trust: await unpackTrust(trust) };
}

export function packTrust(trust: ReadonlyMap<Address, GraphTrust>): Buffer {
  const out = Buffer.alloc(trust.size * RECORD);
  let at = 0;
  for (const [address, { graphTrust, percentile }] of trust) {
    const tenths = Math.round(percentile * 10);
    // graphTrustScores makes integers and tenths; anything else is a bug, not something to round away.
    if (
      !Number.isInteger(graphTrust) ||
      graphTrust < 0 ||
      graphTrust > 100 ||
      Math.abs(tenths - percentile * 10) > 1e-6
    )
      throw new Error(`graph trust of ${address} cannot be packed: ${graphTrust}, ${percentile}`);
    if (out.write(address.slice(2), at, 20, "hex") !== 20) throw new Error(`not an address: ${address}`);
    out.writeUInt8(graphTrust, at + 20);
    out.writeUInt16BE(tenths, at + 21);
    at += RECORD;
  }
  return out;
}

/** Records decoded between two turns of the event loop (a million take ~1 s: requests must not wait that long). */
const RECORDS_PER_TURN = 50_000;

export async function unpackTrust(packed: Buffer): Promise<Map<Address, GraphTrust>> {
  if (packed.length % RECORD !== 0) throw new Error("graph_trust_snapshot trust is not whole records");
  const trust = new Map<Address, GraphTrust>();
  for (let at = 0; at < packed.length; at += RECORD) {
    if (at > 0 && at % (RECORD * RECORDS_PER_TURN) === 0) await new Promise((resolve) => setImmediate(resolve));
    const graphTrust = packed.readUInt8(at + 20);
    const tenths = packed.readUInt16BE(at + 21);
    if (graphTrust > 100 || tenths > 1000) throw new Error("graph_trust_snapshot trust out of range");
    trust.set(`0x${packed.toString("hex", at, at + 20)}` as Address, { graphTrust, percentile: tenths / 10 });
  }
  return trust;
}
