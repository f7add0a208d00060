import pino, { type Logger } from "pino";
import type { LogLevel } from "./config/env-codecs";

/** JSON lines on stdout; secrets never reach a log because no header or body is logged. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: "credence" } });
}
