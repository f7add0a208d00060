import * as t from "io-ts";
import { isRight } from "fp-ts/Either";
import { asAddress } from "../../domain/chain/address";
import type { CallTrace, NativeValueMove, SimulatedLog, TracedCall } from "../../domain/chain/chain-types";
import type { CallOutcome } from "../../application/ports/chain-reader.port";
import { asHex } from "../shared/hex-values";
import { decodeRevertReason } from "./abi-probes";

const Hex = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]*$/.test(s), "Hex");
/** geth and Reth print `position` as a hex quantity; a plain number is read too. */
const Position = t.union([Hex, t.number]);
const CallLog = t.intersection([
  t.type({ address: Hex, topics: t.array(Hex), data: Hex }),
  t.partial({ position: Position }),
]);

/**
 * One frame of debug_traceCall's callTracer answer with `withLog` (geth eth/tracers/native/call.go; Reth, Erigon and
 * Nethermind print the same shape): `to` is missing for a CREATE that failed, `value` for STATICCALL, `error` is
 * set on a frame that reverted or failed, and each log's `position` is the number of sub-calls the frame had made
 * when it was emitted (geth >= 1.13.5; older nodes omit it).
 */
interface CallFrame {
  readonly type: string;
  readonly from: string;
  readonly to?: string | undefined;
  readonly value?: string | undefined;
  readonly output?: string | undefined;
  readonly error?: string | undefined;
  readonly revertReason?: string | undefined;
  readonly calls?: CallFrame[] | undefined;
  readonly logs?: t.TypeOf<typeof CallLog>[] | undefined;
}
const CallFrame: t.Type<CallFrame> = t.recursion("CallFrame", () =>
  t.intersection([
    t.type({ type: t.string, from: Hex }),
    t.partial({
      to: Hex,
      value: Hex,
      output: Hex,
      error: t.string,
      revertReason: t.string,
      calls: t.array(CallFrame),
      logs: t.array(CallLog),
    }),
  ]),
);

/** The node answered callTracer with something else: it does not serve it as geth does (then struct logs are used). */
export class UnreadableCallTrace extends Error {}

function decodeFrame(answer: unknown): CallFrame {
  const decoded = CallFrame.decode(answer);
  if (!isRight(decoded))
    throw new UnreadableCallTrace(`debug_traceCall answered no call frame: ${JSON.stringify(answer).slice(0, 200)}`);
  return decoded.right;
}

const positionOf = (log: t.TypeOf<typeof CallLog>, calls: number): number =>
  // A log without position is put after the frame's sub-calls: its place among them is not known.
  log.position === undefined ? calls : typeof log.position === "number" ? log.position : Number(BigInt(log.position));

const valueOf = (frame: CallFrame): bigint =>
  frame.value === undefined || frame.value === "0x" ? 0n : BigInt(frame.value);

/**
 * Logs and native value moves of the frames that stand, in execution order: a frame's logs go between its sub-calls
 * by position. A frame with `error` is rolled back with everything under it (the EVM drops its logs and value; geth
 * already clears them, other clients may not). Only CALL moves value to another account: DELEGATECALL frames repeat
 * their caller's value, CALLCODE sends it to itself, and CREATE/SELFDESTRUCT are left out as the struct-log path does.
 */
function collect(frame: CallFrame, top: boolean, logs: SimulatedLog[], moves: NativeValueMove[]): void {
  if (frame.error !== undefined) return;
  const value = valueOf(frame);
  if ((top || frame.type === "CALL") && value > 0n && frame.to !== undefined)
    moves.push({ from: asAddress(frame.from), to: asAddress(frame.to), value });
  const calls = frame.calls ?? [];
  const before: SimulatedLog[][] = Array.from({ length: calls.length + 1 }, () => []);
  for (const log of frame.logs ?? [])
    before[Math.min(positionOf(log, calls.length), calls.length)]!.push({
      address: asAddress(log.address),
      topics: log.topics.map(asHex),
      data: asHex(log.data),
    });
  for (let i = 0; i <= calls.length; i++) {
    logs.push(...before[i]!);
    const call = calls[i];
    if (call !== undefined) collect(call, false, logs, moves);
  }
}

/** The top frame's outcome as eth_call would give it: return data, or revert data and its decoded reason. */
function outcomeOf(frame: CallFrame): CallOutcome {
  const output = asHex(frame.output ?? "0x");
  if (frame.error === undefined) return { ok: true, returnData: output };
  // An Error(string) or Panic decodes as eth_call's does; a failure without data (out of gas, a transfer beyond the
  // balance) keeps the node's words, which eth_call would have answered as an error.
  const reason = decodeRevertReason(output) ?? frame.revertReason ?? (output === "0x" ? frame.error : null);
  return { ok: false, revertData: output, reason };
}

/**
 * debug_traceCall's callTracer answer as a simulation: the outcome of the top call, and the logs and native value
 * moves a receipt would hold had it been sent (none when the top call failed).
 */
export function simulationOfCallFrames(answer: unknown): {
  outcome: CallOutcome;
  logs: SimulatedLog[];
  valueMoves: NativeValueMove[];
} {
  const root = decodeFrame(answer);
  const logs: SimulatedLog[] = [];
  const valueMoves: NativeValueMove[] = [];
  collect(root, true, logs, valueMoves);
  return { outcome: outcomeOf(root), logs, valueMoves };
}

/** Runtime code that emits one LOG0 without data and stops: PUSH1 0, PUSH1 0, LOG0, STOP. */
const LOGGING_CODE = "0x60006000a000";
const PROBE_ADDRESS = "0x00000000000000000000000000000000ca11ab1e";

/**
 * One trace that tells whether the node serves callTracer with logs: a call to an address given, by state override,
 * code that logs once. A node that ignores `withLog` (geth before 1.11) or the override answers without that log.
 */
export const CALL_TRACER_PROBE = {
  tx: { to: PROBE_ADDRESS, data: "0x" },
  config: {
    tracer: "callTracer",
    tracerConfig: { withLog: true },
    stateOverrides: { [PROBE_ADDRESS]: { code: LOGGING_CODE } },
  },
} as const;

export function callTracerLogsServed(answer: unknown): boolean {
  const decoded = CallFrame.decode(answer);
  return isRight(decoded) && (decoded.right.logs ?? []).some((log) => log.address.toLowerCase() === PROBE_ADDRESS);
}

const CALL_TYPES = new Set<string>(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL"]);

/**
 * The message calls a traced call made, in execution order, reverted or not (as the struct-log summary lists every
 * CALL* executed). `depth` is the caller's (1: the traced contract). The call tracer gives no program counters and
 * no opcode steps or storage writes: those are null.
 */
export function callTraceOfCallFrames(answer: unknown): CallTrace {
  const root = decodeFrame(answer);
  const calls: TracedCall[] = [];
  const walk = (frame: CallFrame, depth: number): void => {
    for (const call of frame.calls ?? []) {
      if (CALL_TYPES.has(call.type) && call.to !== undefined)
        calls.push({ op: call.type as TracedCall["op"], depth, pc: null, to: asAddress(call.to) });
      walk(call, depth + 1);
    }
  };
  walk(root, 1);
  return { failed: root.error !== undefined, calls, storageWrites: null, steps: null };
}
