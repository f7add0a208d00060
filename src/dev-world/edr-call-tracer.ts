/**
 * geth's `callTracer` (with `withLog`) for the embedded chain, built from the execution trace EDR keeps of an eth_call:
 * one message per call, one result per message, and the opcode of each step (no stack or memory). EDR's own
 * debug_traceCall serves struct logs only, with the stack and memory of every step: ~10.6 MB and ~0.3-0.6 s for a
 * seeded swap, where this tree is a few KB built in ~20-30 ms. The shape is geth's (eth/tracers/native/call.go), so
 * the service reads the embedded chain as it reads Arc's nodes.
 */
import { edrProviderOf, type EdrTraceItem, type Message } from "./edr-provider";

export type { EdrTraceItem } from "./edr-provider";

interface CallLog {
  address: string;
  topics: string[];
  data: string;
  readonly position: string;
}
export interface CallFrame {
  readonly type: string;
  readonly from: string;
  to?: string;
  readonly value?: string;
  readonly gas: string;
  gasUsed: string;
  readonly input: string;
  output?: string;
  error?: string;
  calls: CallFrame[];
  logs: CallLog[];
}
/** geth's printed frame: `calls` and `logs` only where there are some. */
export type PrintedCallFrame = Omit<CallFrame, "calls" | "logs"> & { calls?: PrintedCallFrame[]; logs?: CallLog[] };

/** The trace did not read as expected (EDR changed): the caller answers as if callTracer were not served. */
export class UnexpectedEdrTrace extends Error {}

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString("hex")}`;
const quantity = (n: bigint | number): string => `0x${n.toString(16)}`;
const CALL_OPS = new Set(["CALL", "CALLCODE", "DELEGATECALL", "STATICCALL", "CREATE", "CREATE2"]);
/** geth's words for EDR's ExceptionalHalt (index.d.ts order); others keep EDR's name. */
const HALTS = [
  "out of gas",
  "invalid opcode",
  "invalid opcode: INVALID",
  "invalid jump destination",
  "opcode not activated",
  "stack underflow",
  "stack limit reached 1024 (1023)",
  "out of offset",
  "contract address collision",
  "precompile error",
  "nonce uint64 overflow",
  "max initcode size exceeded",
  "max code size exceeded",
  "invalid code: must not begin with 0xef",
  "insufficient balance for transfer",
];

/** The message's kind: the opcode of the step that made it, or for the top call whether it creates. */
function typeOf(message: Message, callingOp: string | null): string {
  if (callingOp !== null && CALL_OPS.has(callingOp)) return callingOp;
  if (message.to === undefined) return "CREATE";
  return message.isStaticCall ? "STATICCALL" : "CALL";
}

function dropLogs(frame: CallFrame): void {
  frame.logs = [];
  for (const call of frame.calls) dropLogs(call);
}

interface Open {
  readonly frame: CallFrame;
  /** Whose storage and logs this frame's code acts for: its callee, or its caller's for DELEGATECALL and CALLCODE. */
  context: string | null;
  /** How many logs the execution had kept when this frame began. */
  readonly logsBefore: number;
}

/**
 * The call tree of one traced execution. Logs: each LOG step adds one to the execution's log list, and a frame that
 * ends well reports that list as it stands (EDR: the whole execution's logs so far), so each log's address, topics and
 * data are read there, by its place in the list; a frame that fails takes its logs and its sub-calls' out of the list
 * and out of the tree, as geth does.
 */
export function callFramesOfEdrTrace(trace: readonly EdrTraceItem[], withLog: boolean): PrintedCallFrame {
  const open: Open[] = [];
  const kept: CallLog[] = [];
  let root: CallFrame | null = null;
  let callingOp: string | null = null;
  for (const item of trace) {
    const current = open[open.length - 1];
    if ("opcode" in item) {
      callingOp = item.opcode;
      if (item.opcode.startsWith("LOG") && current !== undefined) {
        const log = { address: "", topics: [], data: "0x", position: quantity(current.frame.calls.length) };
        current.frame.logs.push(log);
        kept.push(log);
      }
    } else if ("executionResult" in item) {
      const ended = open.pop();
      if (ended === undefined) throw new UnexpectedEdrTrace("a result without its message");
      const { result, contractAddress } = item.executionResult;
      ended.frame.gasUsed = quantity(result.gasUsed);
      if ("logs" in result) {
        ended.frame.output = hex(result.output.returnValue);
        const created = result.output.address ?? contractAddress;
        if (ended.frame.to === undefined && created !== undefined) ended.frame.to = hex(created);
        if (result.logs.length !== kept.length)
          throw new UnexpectedEdrTrace(`${result.logs.length} logs reported where ${kept.length} were emitted`);
        for (let i = ended.logsBefore; i < kept.length; i++) {
          const log = result.logs[i]!;
          Object.assign(kept[i]!, { address: hex(log.address), topics: log.topics.map(hex), data: hex(log.data) });
        }
      } else {
        ended.frame.error =
          "output" in result ? "execution reverted" : (HALTS[result.reason] ?? `halted (${result.reason})`);
        if ("output" in result) ended.frame.output = hex(result.output);
        kept.length = ended.logsBefore;
        dropLogs(ended.frame);
      }
      callingOp = null;
    } else {
      const type = current === undefined ? typeOf(item, null) : typeOf(item, callingOp);
      const delegated = type === "DELEGATECALL" || type === "CALLCODE";
      const to = delegated ? item.codeAddress : item.to;
      // A message's caller is the calling frame's context, except under DELEGATECALL (the caller's own caller).
      if (current !== undefined && current.context === null && type !== "DELEGATECALL")
        current.context = hex(item.caller);
      const from = current === undefined ? hex(item.caller) : (current.context ?? hex(item.caller));
      const frame: CallFrame = {
        type,
        from,
        ...(to === undefined ? {} : { to: hex(to) }),
        ...(type === "STATICCALL" ? {} : { value: quantity(item.value) }),
        gas: quantity(item.gasLimit),
        gasUsed: "0x0",
        input: hex(item.data),
        calls: [],
        logs: [],
      };
      current?.frame.calls.push(frame);
      root ??= frame;
      const context = delegated ? (current?.context ?? null) : item.to === undefined ? null : hex(item.to);
      open.push({ frame, context, logsBefore: kept.length });
      callingOp = null;
    }
  }
  if (root === null || open.length > 0) throw new UnexpectedEdrTrace("the trace holds no complete call");
  return gethShaped(root, withLog);
}

/** As geth prints a frame: no `calls` or `logs` when there are none, and no logs at all without `withLog`. */
function gethShaped(frame: CallFrame, withLog: boolean): PrintedCallFrame {
  const { calls, logs, ...rest } = frame;
  return {
    ...rest,
    ...(calls.length === 0 ? {} : { calls: calls.map((call) => gethShaped(call, withLog)) }),
    ...(!withLog || logs.length === 0 ? {} : { logs }),
  };
}

/** Hardhat's provider, marked once the tracer is served (a second chain on the same provider does not wrap it again). */
interface HardhatProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  callTracerServed?: true;
}

interface TraceConfig {
  readonly tracer?: unknown;
  readonly tracerConfig?: { readonly withLog?: unknown; readonly onlyTopCall?: unknown };
  readonly stateOverrides?: unknown;
}

/**
 * Serves `debug_traceCall(call, block, {tracer: "callTracer", tracerConfig: {withLog, onlyTopCall}, stateOverrides})`
 * on the embedded chain: the call runs once as eth_call (overrides as its third parameter) and its EDR trace is read
 * into geth's tree. Every other request, and this one should Hardhat's internals not be where they were, goes to
 * Hardhat as before (which refuses any tracer but struct logs).
 */
export function serveCallTracer(provider: HardhatProvider): void {
  const edr = edrProviderOf(provider);
  if (edr === null || provider.callTracerServed === true) return;
  provider.callTracerServed = true;
  const hardhat = provider.request.bind(provider);
  provider.request = async (args) => {
    const [tx, block, config] = (args.params ?? []) as [unknown, unknown, TraceConfig | undefined];
    if (args.method !== "debug_traceCall" || config?.tracer !== "callTracer") return hardhat(args);
    const params = [tx, block ?? "latest", ...(config.stateOverrides === undefined ? [] : [config.stateOverrides])];
    const response = await edr.handleRequest(JSON.stringify({ method: "eth_call", params }));
    const trace = response.traces[0]?.trace;
    if (trace === undefined) {
      // Nothing ran (the request itself was refused: a bad block or call): Hardhat's eth_call says why.
      await hardhat({ method: "eth_call", params });
      throw new Error("debug_traceCall: the call left no trace");
    }
    let root: PrintedCallFrame;
    try {
      root = callFramesOfEdrTrace(trace, config.tracerConfig?.withLog === true);
    } catch (error) {
      if (error instanceof UnexpectedEdrTrace) return hardhat(args);
      throw error;
    }
    if (config.tracerConfig?.onlyTopCall === true) delete root.calls;
    return root;
  };
}
