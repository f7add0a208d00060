import { JsonRpcError } from "../../shared/json-rpc-client";

/** Nodes say "no such method" in several dialects. */
export function isUnsupportedMethod(error: unknown): boolean {
  return (
    error instanceof JsonRpcError &&
    (error.code === -32601 ||
      error.code === -32004 ||
      /not (supported|found|available)|does not exist/i.test(error.rpcMessage))
  );
}
