import { isError } from "ethers";
import { describeError } from "../shared/http-json";

/** Socket-level failures Node reports when a node is down or restarting. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { info?: { responseStatus?: unknown } }).info?.responseStatus;
  if (typeof status !== "string") return undefined;
  const code = Number.parseInt(status, 10);
  return Number.isNaN(code) ? undefined : code;
}

/**
 * Worth retrying: timeouts, dropped connections, 429 and 5xx. A JSON-RPC error answer (bad
 * params, a revert) is not: the node would say the same again.
 */
export function isTransientRpcError(error: unknown): boolean {
  if (isError(error, "TIMEOUT") || isError(error, "NETWORK_ERROR")) return true;
  if (isError(error, "SERVER_ERROR")) {
    const status = httpStatusOf(error);
    return status === undefined || status === 429 || status >= 500;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NETWORK_CODES.has(code);
}

/** The JSON-RPC error object the node sent, when ethers kept it. */
interface NodeError {
  readonly code?: unknown;
  readonly message?: unknown;
}

/**
 * ethers turns every error answer to eth_call into CALL_EXCEPTION, including "header not
 * found" and the like; only execution failures count as reverts, the rest are upstream faults.
 */
export function revertDataOf(error: unknown): string | null {
  if (!isError(error, "CALL_EXCEPTION")) return null;
  const nodeError = (error.info as { error?: NodeError } | undefined)?.error;
  const message = typeof nodeError?.message === "string" ? nodeError.message : describeError(error);
  const isExecutionFailure = nodeError?.code === 3 || /revert|out of gas|invalid opcode/i.test(message);
  if (!isExecutionFailure) return null;
  return typeof error.data === "string" ? error.data : "0x";
}
