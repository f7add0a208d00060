import Koa from "koa";
import Router from "@koa/router";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";

/** The throughput baseline: Koa plus one router answering a small JSON body, nothing else. */
export interface BareServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startBareKoa(): Promise<BareServer> {
  const app = new Koa();
  const router = new Router();
  router.get("/api/widget/score/:address", (ctx) => {
    ctx.body = { score: 72, tier: "HIGH", contractType: "ERC-20", address: ctx.params.address };
  });
  app.use(router.routes());
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  server.keepAliveTimeout = 30_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
