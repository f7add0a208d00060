import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WidgetAssets } from "../adapters/http/routes/widget-assets.routes";

const ASSET_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public/sui");

/** widget.js and the demo page, read once at start-up from public/sui/. */
export function loadWidgetAssets(): WidgetAssets {
  return {
    widgetJs: readFileSync(path.join(ASSET_DIR, "widget.js"), "utf8"),
    demoHtml: readFileSync(path.join(ASSET_DIR, "widget-demo.html"), "utf8"),
  };
}
