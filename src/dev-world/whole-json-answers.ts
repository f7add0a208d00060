import type { ServerResponse } from "node:http";
import { JsonRpcHandler } from "hardhat/internal/hardhat-network/jsonrpc/handler";

interface HandlerInternals {
  _sendResponse: (this: HandlerInternals, res: ServerResponse, answer: unknown) => void;
  wholeJsonAnswers?: true;
}

/**
 * Hardhat's JSON-RPC server streams every HTTP answer through json-stream-stringify, written for traces too large for
 * one string. The embedded chain shares this process's main thread with the service, and a transaction scan's
 * debug_traceCall of a seeded swap answers ~10 MB of struct logs: streamed, ~150 ms of that thread per trace (plus
 * one socket write per chunk); as one JSON.stringify and one write, about a third of that. An answer too large for
 * one string (RangeError) still streams. Hardhat internals: if the method is not where it was, nothing changes.
 */
export function answerWholeJsonWhenItFits(): void {
  const handler = JsonRpcHandler.prototype as unknown as HandlerInternals;
  const streamed = handler._sendResponse;
  if (typeof streamed !== "function" || handler.wholeJsonAnswers === true) return;
  handler.wholeJsonAnswers = true;
  handler._sendResponse = function (this: HandlerInternals, res: ServerResponse, answer: unknown): void {
    let body: string;
    try {
      body = JSON.stringify(answer);
    } catch (error) {
      if (error instanceof RangeError) return streamed.call(this, res, answer);
      throw error;
    }
    res.statusCode = 200;
    res.setHeader("Content-Type", "application/json");
    res.end(body);
  };
}
