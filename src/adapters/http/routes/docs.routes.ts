import Router from "@koa/router";
import type { Context } from "koa";
import { openApiDocument } from "../openapi/openapi-document";

/** Swagger UI's own files (from the swagger-ui-dist package) and the script that starts it. */
export interface DocsAssets {
  readonly bundleJs: string;
  readonly css: string;
  readonly initJs: string;
}

/** Swagger UI sets style attributes, so styles may be inline; scripts come only from this origin. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Credence API reference</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><main><h1 class="visually-hidden">Credence API reference</h1><div id="swagger-ui"></div>
<noscript><p>The reference needs JavaScript; the machine-readable document is <a href="/openapi.json">/openapi.json</a>.</p></noscript></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/docs-init.js"></script></body></html>`;

function asset(ctx: Context, type: string, body: string): void {
  ctx.type = type;
  ctx.set("Cache-Control", "public, max-age=3600");
  ctx.body = body;
}

/** GET /openapi.json (OpenAPI 3.1) and GET /docs (Swagger UI rendering it, with its assets). */
export function docsRoutes(
  serverUrl: () => string,
  assets: DocsAssets,
  buildDocument: (serverUrl: string) => Record<string, unknown> = openApiDocument,
): Router {
  const router = new Router();
  // Built on first request: the server's own URL is known only once it listens.
  let built: Record<string, unknown> | undefined;
  router.get("/openapi.json", async (ctx) => {
    built ??= buildDocument(serverUrl());
    ctx.body = built;
  });
  router.get("/docs", async (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.set("Content-Security-Policy", DOCS_CSP);
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.body = PAGE;
  });
  router.get("/docs/assets/swagger-ui-bundle.js", async (ctx) =>
    asset(ctx, "application/javascript; charset=utf-8", assets.bundleJs),
  );
  router.get("/docs/assets/docs-init.js", async (ctx) =>
    asset(ctx, "application/javascript; charset=utf-8", assets.initJs),
  );
  router.get("/docs/assets/swagger-ui.css", async (ctx) => asset(ctx, "text/css; charset=utf-8", assets.css));
  return router;
}
