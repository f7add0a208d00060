import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { statusOf, type ApiErrorCode } from "./api-error";

/**
 * Requests Node's parser refuses never reach Koa: headers past the 16 KiB limit, an unknown
 * method, a malformed request line. Node would answer a bodiless 400/431; this answers them
 * like every other error, `{error: <code>}` in JSON, then closes (the stream cannot be resumed).
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET" || error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.destroy();
    return;
  }
  const code: ApiErrorCode = error.code === "HPE_HEADER_OVERFLOW" ? "headers_too_large" : "invalid_request";
  const status = statusOf(code);
  const body = JSON.stringify({ error: code });
  // A HEAD answer carries the headers of the body it would have, never the body (the client would misread it).
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString("latin1") === "HEAD ";
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? "" : body}`,
  );
}
