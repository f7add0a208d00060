import type { Context } from "koa";
import { html, type Html } from "./html";

/**
 * The explorer's Content-Security-Policy: scripts and styles only from this origin (no inline code, no
 * CDN), no plugins, no framing, forms and fetches to this origin only.
 */
export const EXPLORER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface PageOptions {
  readonly title: string;
  readonly main: Html;
  /** The search box's value. */
  readonly query?: string;
  readonly head?: Html;
}

export function page(options: PageOptions): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
        <link rel="stylesheet" href="/explorer/explorer.css" />
        <script src="/explorer/explorer.js" defer></script>
        ${options.head ?? ""}
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/">Credence</a>
          <form class="search" action="/address" method="get" role="search">
            <label for="q">Address</label>
            <input
              id="q"
              name="q"
              type="text"
              inputmode="text"
              autocomplete="off"
              spellcheck="false"
              placeholder="0x… wallet, token or NFT collection"
              value="${options.query ?? ""}"
              required
              pattern="\\s*0x[0-9a-fA-F]{40}\\s*"
              title="a 0x address: 40 hexadecimal digits"
            />
            <button type="submit">Check</button>
          </form>
          <nav aria-label="Site"><a href="/docs">API reference</a></nav>
        </header>
        <main id="main" tabindex="-1">${options.main}</main>
        <footer class="muted small">
          Scores from on-chain evidence. Free answers show the verdict and the rules; the evidence behind wallet and
          token flags is one paid answer (x402).
        </footer>
      </body>
    </html>`;
}

/** Writes an explorer page with its security headers. */
export function sendPage(ctx: Context, status: number, body: Html): void {
  ctx.status = status;
  ctx.set("Content-Type", "text/html; charset=utf-8");
  ctx.set("Content-Security-Policy", EXPLORER_CSP);
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Referrer-Policy", "no-referrer");
  ctx.body = body.text;
}
