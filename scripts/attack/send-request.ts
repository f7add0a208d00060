import { connect } from "node:net";
import type { AttackRequest } from "./attack-request";

/** What came back, or how the connection failed. */
export interface AttackResponse {
  readonly status: number | null;
  readonly contentType: string;
  readonly body: string;
  readonly transportError?: string;
}

/**
 * Sends the request as raw bytes over a plain TCP socket (one connection each, `Connection:
 * close`): bad percent-encoding, odd methods and oversized headers reach the server unaltered,
 * and no HTTP client library sits in between (nock, loaded by other test files, patches
 * node:http's client and would hang or alter such requests).
 */
export function sendRequest(
  baseUrl: string,
  req: AttackRequest,
  clientIp: string,
  timeoutMs = 60_000,
): Promise<AttackResponse> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = {
    host: url.host,
    ...req.headers,
    "x-forwarded-for": clientIp,
    connection: "close",
    ...(req.body === undefined ? {} : { "content-length": String(Buffer.byteLength(req.body)) }),
  };
  const head = [
    `${req.method} ${req.path} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (response: AttackResponse) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(response);
    };
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    socket.setTimeout(timeoutMs, () =>
      finish({ status: null, contentType: "", body: "", transportError: `no answer within ${timeoutMs} ms` }),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish(parseResponse(Buffer.concat(chunks))));
    socket.on("close", () => finish(parseResponse(Buffer.concat(chunks))));
    // A server that closes while we still write (413, 431) has answered: parse what came back.
    socket.on("error", (error) => {
      const received = Buffer.concat(chunks);
      finish(
        received.length > 0
          ? parseResponse(received)
          : { status: null, contentType: "", body: "", transportError: error.message },
      );
    });
    // No half-close: Node's server drops a connection whose client has ended before the answer.
    socket.write(
      req.body === undefined
        ? `${head}\r\n\r\n`
        : Buffer.concat([Buffer.from(`${head}\r\n\r\n`, "latin1"), Buffer.from(req.body)]),
    );
  });
}

/** Status, content type and (de-chunked) body of one HTTP/1.1 response. */
export function parseResponse(raw: Buffer): AttackResponse {
  const split = raw.indexOf("\r\n\r\n");
  if (split === -1)
    return {
      status: null,
      contentType: "",
      body: "",
      transportError: raw.length === 0 ? "empty response" : "truncated response",
    };
  const lines = raw.subarray(0, split).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? NaN);
  const header = (name: string) =>
    lines
      .slice(1)
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? "";
  let body = raw.subarray(split + 4);
  if (header("transfer-encoding").toLowerCase() === "chunked") body = dechunk(body);
  return {
    status: Number.isNaN(status) ? null : status,
    contentType: header("content-type"),
    body: body.toString("utf8"),
  };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    const lineEnd = data.indexOf("\r\n", offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
