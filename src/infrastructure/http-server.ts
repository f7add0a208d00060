import { createServer, type Server } from "node:http";
import type Koa from "koa";
import { answerClientError } from "../adapters/http/client-error";

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export async function startHttpServer<State>(app: Koa<State>, host: string, port: number): Promise<RunningServer> {
  const server = createServer(app.callback());
  // Keep-alive sockets would hold close() open until they time out; shutdown closes them once idle.
  server.keepAliveTimeout = 5_000;
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // A keep-alive socket becomes idle only after its in-flight response is sent; close those as
        // they free up, or close() would wait out the keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close((error) => {
          clearInterval(sweep);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
