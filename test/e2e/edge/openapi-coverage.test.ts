import { expect } from "chai";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { composeRouters } from "../../../src/infrastructure/routers";
import { buildContainer } from "../../../src/infrastructure/container";
import { detachedRuntime, startTestServer } from "../../support/http-harness";

/** Koa's `:param` to OpenAPI's `{param}`. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

describe("OpenAPI document", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("has an entry for every registered route and method", async () => {
    const runtime = detachedRuntime();
    const { routers } = composeRouters(buildContainer(runtime), runtime.config, () => "http://x", null);
    const document = (await (await fetch(server.url + "/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing: string[] = [];
    for (const router of routers) {
      for (const layer of router.stack) {
        for (const method of layer.methods.filter((m) => m !== "HEAD")) {
          const path = toOpenApiPath(String(layer.path));
          if (document.paths[path]?.[method.toLowerCase()] === undefined) missing.push(`${method} ${path}`);
        }
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it("is OpenAPI 3.1 and the /docs page renders it", async () => {
    const document = (await (await fetch(server.url + "/openapi.json")).json()) as { openapi: string };
    expect(document.openapi).to.equal("3.1.0");
    const page = await fetch(server.url + "/docs");
    expect(page.headers.get("content-type")).to.contain("text/html");
    expect(await page.text()).to.contain("/api/widget/score/{address}");
  });
});
