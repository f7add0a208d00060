import pino, { type DestinationStream, type Logger } from "pino";
import { scrubUrls } from "../application/scrub-urls";
import type { LogLevel } from "./config/env-codecs";

/** Deep enough for an ethers error's `info` and `cause`; deeper values are left out, not walked. */
const MAX_DEPTH = 6;

/** `value` with every string's URLs cut to their host: ethers errors carry the RPC URL (and its key). */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubUrls(value);
  // Errors are left to the `err` serializer, which turns them into plain objects first.
  if (value === null || typeof value !== "object" || value instanceof Error) return value;
  if (depth >= MAX_DEPTH) return "[deep]";
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubLogValue(item, depth + 1)]));
}

/**
 * JSON lines on stdout. No header or body is logged; error details and messages may quote an
 * upstream URL, so every string goes through `scrubUrls` on its way out.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "credence" },
    serializers: {
      err: (error: unknown) => (error instanceof Error ? scrubLogValue({ ...pino.stdSerializers.err(error) }) : error),
    },
    formatters: { log: (object) => scrubLogValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubUrls(arg) : arg));
        // `log.error(error)` would take its message from the error, unscrubbed: name it here.
        const [first] = args;
        if (first instanceof Error && args.length === 1) scrubbed.push(scrubUrls(first.message));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
