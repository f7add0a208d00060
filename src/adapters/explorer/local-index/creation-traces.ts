import * as t from "io-ts";
import { asAddress, type Address } from "../../../domain/chain/address";

/** A contract made inside a transaction, before block details (number, time, origin) are attached. */
export interface InnerCreation {
  readonly txHash: string;
  readonly contract: Address;
  readonly creator: Address;
}

const Hex = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]*$/.test(s), "Hex");

/** geth's callTracer frame (also Erigon, Reth, Nethermind): calls nest, a failed frame carries `error`. */
interface CallFrame {
  readonly type: string;
  readonly from: string;
  readonly to?: string | undefined;
  readonly error?: string | undefined;
  readonly calls?: CallFrame[] | undefined;
}
const CallFrame: t.Type<CallFrame> = t.recursion("CallFrame", () =>
  t.intersection([
    t.type({ type: t.string, from: Hex }),
    t.partial({ to: Hex, error: t.string, calls: t.array(CallFrame) }),
  ]),
);

/** debug_traceBlockByNumber answers one entry per transaction, in block order; newer nodes name the hash. */
export const CallTracerBlock = t.array(t.partial({ txHash: Hex, result: CallFrame, error: t.string }));
export type CallTracerBlock = t.TypeOf<typeof CallTracerBlock>;

/** trace_block (OpenEthereum/Erigon/Nethermind/Reth): a flat list, nesting given by `traceAddress`. */
export const ParityTraceBlock = t.array(
  t.intersection([
    t.type({ type: t.string, traceAddress: t.array(t.number) }),
    t.partial({
      action: t.partial({ from: Hex }),
      result: t.union([t.null, t.partial({ address: Hex })]),
      error: t.string,
      transactionHash: t.union([Hex, t.null]),
    }),
  ]),
);
export type ParityTraceBlock = t.TypeOf<typeof ParityTraceBlock>;

const CREATES = new Set(["CREATE", "CREATE2"]);

/**
 * Contracts created below the top frame by transactions that kept them: a frame that failed, or
 * sits under one that failed, created nothing (its state was rolled back).
 */
export function creationsFromCallTracer(block: CallTracerBlock, txHashes: readonly string[]): InnerCreation[] {
  const found: InnerCreation[] = [];
  block.forEach((entry, i) => {
    const txHash = (entry.txHash ?? txHashes[i])?.toLowerCase();
    if (entry.error !== undefined || entry.result === undefined)
      throw new Error(`callTracer: transaction ${txHash ?? i} was not traced: ${entry.error ?? "no result"}`);
    if (txHash === undefined) throw new Error(`callTracer: trace ${i} matches no transaction`);
    const walk = (frame: CallFrame, depth: number) => {
      if (frame.error !== undefined) return;
      if (depth > 0 && CREATES.has(frame.type) && frame.to !== undefined)
        found.push({ txHash, contract: asAddress(frame.to), creator: asAddress(frame.from) });
      for (const call of frame.calls ?? []) walk(call, depth + 1);
    };
    walk(entry.result, 0);
  });
  return found;
}

export function creationsFromParityTraces(traces: ParityTraceBlock): InnerCreation[] {
  const failed = new Set<string>();
  for (const trace of traces)
    if (trace.error !== undefined) failed.add(`${trace.transactionHash}:${trace.traceAddress.join(".")}`);
  // A trace under a failed one (same transaction, its address a prefix) was rolled back with it.
  const rolledBack = (txHash: string, path: readonly number[]) =>
    path.some((_, depth) => failed.has(`${txHash}:${path.slice(0, depth).join(".")}`));
  const found: InnerCreation[] = [];
  for (const trace of traces) {
    const txHash = trace.transactionHash;
    const address = trace.result?.address;
    const from = trace.action?.from;
    if (trace.type !== "create" || trace.traceAddress.length === 0 || txHash == null) continue;
    if (trace.error !== undefined || address === undefined || from === undefined) continue;
    if (rolledBack(txHash, trace.traceAddress)) continue;
    found.push({ txHash: txHash.toLowerCase(), contract: asAddress(address), creator: asAddress(from) });
  }
  return found;
}
