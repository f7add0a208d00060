import Router from "@koa/router";

export interface WidgetAssets {
  readonly widgetJs: string;
  readonly demoHtml: string;
}

/** GET {sui}/widget.js (open CORS, cacheable for an hour) and GET {sui}/widget-demo.html. */
export function widgetAssetRoutes(assets: WidgetAssets): Router {
  const router = new Router();
  router.get("/widget.js", async (ctx) => {
    ctx.type = "application/javascript; charset=utf-8";
    ctx.set("Cache-Control", "public, max-age=3600");
    ctx.body = assets.widgetJs;
  });
  router.get("/widget-demo.html", async (ctx) => {
    ctx.type = "text/html; charset=utf-8";
    ctx.body = assets.demoHtml;
  });
  return router;
}
