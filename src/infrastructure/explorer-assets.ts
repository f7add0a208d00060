import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExplorerAssets } from "../adapters/http/routes/explorer.routes";
import type { DocsAssets } from "../adapters/http/routes/docs.routes";

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public");
const require = createRequire(import.meta.url);

let explorer: ExplorerAssets | undefined;
let docs: DocsAssets | undefined;

/** The explorer's stylesheet and script, read once from public/explorer/. */
export function loadExplorerAssets(): ExplorerAssets {
  explorer ??= {
    css: readFileSync(path.join(PUBLIC_DIR, "explorer", "explorer.css"), "utf8"),
    js: readFileSync(path.join(PUBLIC_DIR, "explorer", "explorer.js"), "utf8"),
  };
  return explorer;
}

/** Swagger UI from the installed swagger-ui-dist package (no CDN), read once, and its start script. */
export function loadDocsAssets(): DocsAssets {
  if (docs === undefined) {
    const dist = path.dirname(require.resolve("swagger-ui-dist/package.json"));
    docs = {
      bundleJs: readFileSync(path.join(dist, "swagger-ui-bundle.js"), "utf8"),
      css: readFileSync(path.join(dist, "swagger-ui.css"), "utf8"),
      initJs: readFileSync(path.join(PUBLIC_DIR, "docs", "docs-init.js"), "utf8"),
    };
  }
  return docs;
}
