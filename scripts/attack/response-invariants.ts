import { isApiErrorCode } from "../../src/adapters/http/api-error";
import type { AttackRequest } from "./attack-request";
import type { AttackResponse } from "./send-request";

/** An error body that echoes input is a reflection channel; no documented error needs more than this. */
export const MAX_ERROR_BODY_CHARS = 2_048;
/** Bodies past the server's 64 KiB cap may be cut off mid-upload: a reset is then a fair answer. */
const OVERSIZED_BODY_BYTES = 64 * 1024;

/**
 * Documented answers that are not JSON: the API reference and its assets, the explorer's pages and assets, the
 * Sui app's widget.js and its demo page.
 */
const NON_JSON_PAGES = ["/docs", "/widget.js", "/widget-demo.html", "/explorer/", "/address"] as const;
const isPagePath = (path: string): boolean =>
  path === "/" || path.startsWith("/?") || NON_JSON_PAGES.some((page) => path.startsWith(page));

/** Scripts an explorer page may hold: its own script file and its JSON data block; anything else was injected. */
const OWN_SCRIPTS = ['<script src="/explorer/explorer.js"', '<script type="application/json"'] as const;

/**
 * The explorer answers errors with designed HTML pages (`data-state`), never reflecting markup: every `<script`
 * in one is the page's own.
 */
function explorerErrorViolation(res: AttackResponse): string | null {
  if (!res.contentType.toLowerCase().startsWith("text/html"))
    return `error ${res.status} with Content-Type "${res.contentType}"`;
  if (!res.body.includes("data-state=")) return `error page ${res.status} without a designed state`;
  const scripts = res.body.toLowerCase().split("<script").length - 1;
  const own = OWN_SCRIPTS.reduce((n, tag) => n + res.body.split(tag).length - 1, 0);
  return scripts === own ? null : `error page ${res.status} holds ${scripts - own} injected <script>`;
}

/** Which invariant a response breaks, or null. Any 5xx fails: on the embedded chain nothing is upstream. */
export function violationOf(req: AttackRequest, res: AttackResponse): string | null {
  if (res.status === null) {
    if ((req.body?.length ?? 0) > OVERSIZED_BODY_BYTES) return null;
    return `no HTTP answer (${res.transportError ?? "connection closed"})`;
  }
  if (res.status >= 500) return `status ${res.status}`;
  const json = res.contentType.toLowerCase().startsWith("application/json");
  if (res.status >= 400) {
    if (!json && isPagePath(req.path) && req.path !== "/docs" && req.method === "GET")
      return explorerErrorViolation(res);
    if (!json) return `error ${res.status} with Content-Type "${res.contentType}"`;
    if (req.method === "HEAD") return null;
    if (res.body.length > MAX_ERROR_BODY_CHARS) return `error body of ${res.body.length} chars (echoes input?)`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return `error ${res.status} body is not JSON`;
    }
    const code = typeof parsed === "object" && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    if (!isApiErrorCode(code)) return `error ${res.status} with undocumented code ${JSON.stringify(code)}`;
    return null;
  }
  // Successes: every API answer is JSON; /docs and the Sui app's badge script and demo page are the
  // documented exceptions, preflights have no body.
  const api = !isPagePath(req.path);
  if (api && req.method !== "HEAD" && res.body.length > 0 && !json)
    return `success ${res.status} with Content-Type "${res.contentType}"`;
  return null;
}
