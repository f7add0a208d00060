import { createServer, type Server } from "node:http";
import type Koa from "koa";

export interface RunningServer {
  readonly url: string;
  readonly server: Server;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export async function startHttpServer<State>(app: Koa<State>, host: string, port: number): Promise<RunningServer> {
  const server = createServer(app.callback());
  // Keep-alive sockets would hold close() open forever; idle ones are closed when shutdown starts.
  server.keepAliveTimeout = 5_000;
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
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
