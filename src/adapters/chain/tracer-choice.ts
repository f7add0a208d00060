import { isError } from "ethers";
import { UnreadableCallTrace } from "./call-tracer-frames";

/** TRACE_TRACER: which debug_traceCall tracer simulations and traced calls ask for. */
export type TracerSetting = "auto" | "callTracer" | "structLogs";
export type Tracer = "callTracer" | "structLogs";

/** The JSON-RPC error object ethers kept: on `info.error` (UNSUPPORTED_OPERATION) or `error` (UNKNOWN_ERROR). */
function nodeErrorOf(error: unknown): { code?: unknown; message?: unknown } | undefined {
  const holder = error as { info?: { error?: unknown }; error?: unknown } | null;
  const inner = holder?.info?.error ?? holder?.error;
  return typeof inner === "object" && inner !== null ? inner : undefined;
}

/**
 * The node does not serve callTracer: the method is missing or disabled (-32601, ethers' UNSUPPORTED_OPERATION), a
 * tracer is refused or unknown (geth "tracer not found", EDR "only supports the default tracer"), or the answer is
 * not a call frame. Anything else (a missing block, a tracer timeout, a transfer beyond the balance) is about the one
 * call and says nothing about the node.
 */
export function refusesCallTracer(error: unknown): boolean {
  if (error instanceof UnreadableCallTrace || isError(error, "UNSUPPORTED_OPERATION")) return true;
  const node = nodeErrorOf(error);
  if (node?.code === -32601) return true;
  const message = typeof node?.message === "string" ? node.message : "";
  return /tracer|method .*(not found|does not exist|not available|not supported)/i.test(message);
}

/**
 * Which tracer this node is asked for, learnt once. `auto` first asks `servesCallTracer` (one small trace whose
 * answer must carry a log: a node older than withLog ignores it and answers a call tree without logs, which would
 * read as a transaction that moves no token); where it does, callTracer (a few KB per call tree), else struct logs
 * (MBs of opcodes, but served by every tracing node, the embedded EDR chain included) from then on: one question
 * per reader, never one per call, and calls made meanwhile wait for its answer. A call that a node refuses later (a
 * failover to another client) moves the reader to struct logs the same way; nothing moves it back.
 */
export class TracerChoice {
  private chosen: Tracer | undefined;
  private deciding: Promise<Tracer> | undefined;

  constructor(
    private readonly servesCallTracer: () => Promise<boolean>,
    private readonly setting: TracerSetting = "auto",
    private readonly onChosen: (tracer: Tracer) => void = () => {},
  ) {
    if (setting !== "auto") this.chosen = setting;
  }

  /**
   * Runs the call through the chosen tracer. `unserved` answers when the node refuses callTracer and the setting
   * forbids struct logs (TRACE_TRACER=callTracer): the node then serves no tracing we may use.
   */
  async run<T>(callTracer: () => Promise<T>, structLogs: () => Promise<T>, unserved: () => Promise<T>): Promise<T> {
    if ((await this.decided()) === "structLogs") return structLogs();
    try {
      return await callTracer();
    } catch (error) {
      if (!refusesCallTracer(error)) throw error;
      if (this.setting === "callTracer") return unserved();
      this.choose("structLogs");
      return structLogs();
    }
  }

  /** A transport failure while asking leaves the question open for the next call. */
  private decided(): Promise<Tracer> {
    if (this.chosen !== undefined) return Promise.resolve(this.chosen);
    this.deciding ??= this.servesCallTracer()
      .then((served) => {
        this.choose(served ? "callTracer" : "structLogs");
        return this.chosen!;
      })
      .finally(() => {
        this.deciding = undefined;
      });
    return this.deciding;
  }

  private choose(tracer: Tracer): void {
    if (this.chosen === tracer) return;
    this.chosen = tracer;
    this.onChosen(tracer);
  }
}
