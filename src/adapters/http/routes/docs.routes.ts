import Router from "@koa/router";
import { openApiDocument } from "../openapi/openapi-document";
import { referencePage } from "../openapi/reference-page";

/** GET /openapi.json (OpenAPI 3.1) and GET /docs (a readable page rendered from it). */
export function docsRoutes(serverUrl: string): Router {
  const router = new Router();
  const document = openApiDocument(serverUrl);
  const page = referencePage(document);
  router.get("/openapi.json", async (ctx) => {
    ctx.body = document;
  });
  router.get("/docs", async (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = page;
  });
  return router;
}
