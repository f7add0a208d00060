import Router from "@koa/router";
import { openApiDocument } from "../openapi/openapi-document";
import { referencePage } from "../openapi/reference-page";

/** GET /openapi.json (OpenAPI 3.1) and GET /docs (a readable page rendered from it). */
export function docsRoutes(
  serverUrl: () => string,
  buildDocument: (serverUrl: string) => Record<string, unknown> = openApiDocument,
): Router {
  const router = new Router();
  // Built on first request: the server's own URL is known only once it listens.
  let built: { document: Record<string, unknown>; page: string } | undefined;
  const docs = () => {
    if (built === undefined) {
      const document = buildDocument(serverUrl());
      built = { document, page: referencePage(document) };
    }
    return built;
  };
  router.get("/openapi.json", async (ctx) => {
    ctx.body = docs().document;
  });
  router.get("/docs", async (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = docs().page;
  });
  return router;
}
