import { expect } from "chai";
import Koa from "koa";
import { startHttpServer } from "../../../src/infrastructure/http-server";

describe("HTTP server shutdown", () => {
  it("stops accepting but lets a request already in flight finish", async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      ctx.body = { finished: true };
    });
    const server = await startHttpServer(app, "127.0.0.1", 0);
    const inFlight = fetch(`${server.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = server.close();
    const response = await inFlight;
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ finished: true });
    await closed;
    const refused = await fetch(`${server.url}/slow`).then(
      () => "answered",
      () => "refused",
    );
    expect(refused).to.equal("refused");
  });
});
