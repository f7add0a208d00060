/**
 * EDR answers every request with the execution trace of what it ran (every step of every call), held by a native
 * object whose size V8 is never told: a wrapper of a few bytes can hold hundreds of megabytes. With the JS heap small,
 * V8 sees no reason to collect, and the traces pile up: 30 eth_calls of a loop of ~0.9M steps left 7 GB resident,
 * ~200 MB more with each call, and a rebase token whose every transfer loops took 24 GB. A minor collection right
 * after a slow request frees them: the same 30 calls stayed under 2.5 GB, and each ran about five times faster
 * (no fresh pages to fault in). Measured by `npm run bench -- --only=chainMemory`.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { EdrProvider } from "./edr-provider";

/** A request at least this slow ran enough steps for its trace to matter; quicker ones are left to V8's own pace. */
const SLOW_REQUEST_MS = 20;

type Collect = (options: { readonly type: "minor" | "major" }) => void;

/** V8's collector: `gc` where Node was started with --expose-gc, else exposed now (a new context then has it). */
function collector(): Collect | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === "function") return exposed as Collect;
  try {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    return typeof gc === "function" ? (gc as Collect) : null;
  } catch {
    return null;
  }
}

const marked = new WeakSet<EdrProvider>();

/** After each slow request, one minor collection on the next turn (one per turn however many requests ended in it). */
export function collectTracesAfterSlowRequests(edr: EdrProvider): void {
  if (marked.has(edr)) return;
  const collect = collector();
  if (collect === null) return;
  marked.add(edr);
  const handle = edr.handleRequest.bind(edr);
  let scheduled = false;
  edr.handleRequest = async (json) => {
    const started = performance.now();
    try {
      return await handle(json);
    } finally {
      if (!scheduled && performance.now() - started >= SLOW_REQUEST_MS) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          collect({ type: "minor" });
        });
      }
    }
  };
}
