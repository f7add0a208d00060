import { html, type Html } from "./html";

/**
 * Links to a block explorer's web UI (EXPLORER_WEB_URL: `<base>/tx/<hash>`, `<base>/address/<address>`),
 * or plain text where none is configured (the embedded chain has none). Addresses also link to their
 * own explorer page here.
 */
export interface ChainLinks {
  readonly tx: (hash: string) => Html;
  readonly address: (address: string) => Html;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX = /^0x[0-9a-fA-F]{64}$/;

export function chainLinks(explorerWebUrl: string | undefined): ChainLinks {
  const base = explorerWebUrl?.replace(/\/+$/, "");
  return {
    tx: (hash) =>
      base !== undefined && TX.test(hash)
        ? html`<a class="hash" href="${base}/tx/${hash}" rel="noopener noreferrer">${hash}</a>`
        : html`<code class="hash">${hash}</code>`,
    address: (address) => {
      if (!ADDRESS.test(address)) return html`<code class="hash">${address}</code>`;
      const own = html`<a class="hash" href="/address/${address}">${address}</a>`;
      return base === undefined
        ? own
        : html`${own}
            <a
              class="ext"
              href="${base}/address/${address}"
              rel="noopener noreferrer"
              aria-label="${address} on the block explorer"
              >↗</a
            >`;
    },
  };
}
