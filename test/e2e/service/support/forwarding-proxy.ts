import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy answers in place of the upstream's answer. */
export interface ProxyAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Decides the answer to one request; `forward` sends it upstream as it came (call it at most once). */
export type ProxyRule = (
  request: { readonly path: string; readonly headers: IncomingHttpHeaders },
  forward: () => Promise<ProxyAnswer>,
) => Promise<ProxyAnswer>;

export interface ForwardingProxy {
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** A local HTTP server standing between the MCP server and Credence (GET only: all score_address sends). */
export async function forwardingProxy(upstream: string, rule: ProxyRule): Promise<ForwardingProxy> {
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const forward = async (): Promise<ProxyAnswer> => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (name !== "host" && typeof value === "string") headers.set(name, value);
      }
      const response = await fetch(upstream + path, { headers });
      const kept: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        // fetch has already decoded and de-chunked the body: these no longer describe it.
        if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name))
          kept[name] = value;
      });
      return { status: response.status, headers: kept, body: await response.text() };
    };
    rule({ path, headers: req.headers }, forward).then(
      (answer) => res.writeHead(answer.status, answer.headers).end(answer.body),
      (error: unknown) => res.writeHead(599).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
