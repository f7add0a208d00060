import { Agent, request } from "node:http";
import type { AttackRequest } from "./attack-request";

/** What came back, or how the connection failed. */
export interface AttackResponse {
  readonly status: number | null;
  readonly contentType: string;
  readonly body: string;
  readonly transportError?: string;
}

let agent: Agent | undefined;
const agentOf = (): Agent => (agent ??= new Agent({ keepAlive: true, maxSockets: 16 }));

/** Sends raw (node:http, not fetch): bad percent-encoding and odd methods reach the server unaltered. */
export function sendRequest(baseUrl: string, req: AttackRequest, clientIp: string, timeoutMs = 60_000): Promise<AttackResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let outgoing;
    try {
      outgoing = request(
      {
        agent: agentOf(),
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: { ...req.headers, "x-forwarded-for": clientIp, ...(req.body === undefined ? {} : { "content-length": String(req.body.length) }) },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? null, contentType: String(response.headers["content-type"] ?? ""), body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", (error) => resolve({ status: response.statusCode ?? null, contentType: "", body: "", transportError: error.message }));
      },
    );
    } catch (error) {
      // The client refused to send it (our generator's fault, not the server's): surfaced as a violation.
      resolve({ status: null, contentType: "", body: "", transportError: `not sent: ${String(error)}` });
      return;
    }
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", (error) => resolve({ status: null, contentType: "", body: "", transportError: error.message }));
    outgoing.end(req.body);
  });
}

export function closeAttackAgent(): void {
  agent?.destroy();
  agent = undefined;
}
