import { Validator } from "@seriousme/openapi-schema-validator";
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

  it("validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator)", async () => {
    const document = (await (await fetch(server.url + "/openapi.json")).json()) as Record<string, unknown>;
    expect(document.openapi).to.equal("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it("gives every operation a recorded request example (when it takes a body) and a response example", async () => {
    type Media = Record<string, { example?: unknown; examples?: Record<string, unknown> }>;
    type Operation = { requestBody?: { content: Media }; responses: Record<string, { content?: Media }> };
    const document = (await (await fetch(server.url + "/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const exemplified = (content: Media | undefined) =>
      Object.values(content ?? {}).some((m) => m.example !== undefined || m.examples !== undefined);
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (op.requestBody !== undefined && !exemplified(op.requestBody.content)) missing.push(`${key} request`);
        const answered = Object.entries(op.responses).filter(([, r]) => exemplified(r.content));
        // A redirect has no body: its example is the Location it documents.
        if (answered.length === 0 && op.responses["303"] === undefined) missing.push(`${key} response`);
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400 && response.content?.["application/json"] && !exemplified(response.content))
            missing.push(`${key} ${status}`);
        }
      }
    }
    expect(missing).to.deep.equal([]);
    const batch = document.paths["/api/batch"]!.post!;
    const sent = batch.requestBody!.content["application/json"]!.example as { addresses: string[] };
    const answered = batch.responses["200"]!.content!["application/json"]!.example as { address: string }[];
    expect(answered.map((a) => a.address)).to.deep.equal(sent.addresses);
  });

  it("serves /docs as Swagger UI from the package's own assets, under a CSP that loads scripts from this origin only", async () => {
    const page = await fetch(server.url + "/docs");
    expect(page.headers.get("content-type")).to.contain("text/html");
    expect(page.headers.get("content-security-policy")).to.contain("script-src 'self';");
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).to.deep.equal([
      "/docs/assets/swagger-ui.css",
      "/openapi.json",
      "/docs/assets/swagger-ui-bundle.js",
      "/docs/assets/docs-init.js",
    ]);
    const bundle = await fetch(server.url + "/docs/assets/swagger-ui-bundle.js");
    expect(bundle.status).to.equal(200);
    expect(await bundle.text()).to.contain("SwaggerUIBundle");
    expect(await (await fetch(server.url + "/docs/assets/docs-init.js")).text()).to.contain('url: "/openapi.json"');
  });
});
