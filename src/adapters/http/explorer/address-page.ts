import type { AddressView } from "./address-view";
import { bar, gauge, historyChart, holdersChart } from "./charts";
import { flagsView } from "./flags-view";
import { html, type Html } from "./html";
import { page } from "./layout";
import type { ChainLinks } from "./links";

/** Never colour alone: every tier is written, with a sentence saying what it means. */
const TIER_TEXT: Readonly<Record<string, string>> = {
  BLOCKED: "A proven blocking pattern stands: do not interact.",
  LOW: "Weak or risky on-chain record.",
  MEDIUM: "Mixed record: review before relying on it.",
  HIGH: "Good on-chain record.",
  ELITE: "Excellent on-chain record.",
  VERIFIED: "An official issuer from the configured list.",
};

function verdict(view: AddressView): Html {
  return html`<section class="verdict tier-${view.tier}" aria-labelledby="verdict-title" data-tier="${view.tier}">
    ${gauge(view.score, view.tier)}
    <div>
      <h2 id="verdict-title">
        <span class="tier-badge tier-${view.tier}">${view.tier}</span>
        <span class="score-text"
          >${view.score === null ? "not scored by heuristics" : html`${view.score}<span class="muted">/100</span>`}</span
        >
      </h2>
      <p>${TIER_TEXT[view.tier] ?? ""}</p>
      ${bar("Confidence", view.confidence)}
      <p class="facts">
        <span>Coverage: <strong>${view.coverage}</strong></span> <span>State: <strong>${view.state}</strong></span>
        <span>${view.kind}</span>
      </p>
      ${view.recommendation === undefined ? "" : html`<p class="recommendation">Recommendation: <strong>${view.recommendation.action}</strong>: ${view.recommendation.reason}</p>`}
    </div>
  </section>`;
}

function evidenceNotice(view: AddressView): Html {
  switch (view.evidence) {
    case "shown_free":
      return html`<p class="notice">The full evidence for this address is free.</p>`;
    case "shown_paid":
      return html`<p class="notice paid" data-paid="true">Paid answer: the full evidence behind every flag.</p>`;
    case "wallet_oracle":
    case "token_oracle": {
      const href = `/api/oracle/${view.evidence === "token_oracle" ? "token/" : ""}${view.address}`;
      return html`<div class="notice buy">
        <p>
          The evidence behind each flag (transactions, counterparties,
          figures${view.subjectType === "token" ? ", holder distribution" : ""}) is one paid answer.
        </p>
        <p><a class="button" id="buy" href="${href}">See the full evidence (pay with x402)</a></p>
      </div>`;
    }
  }
}

export function addressMain(view: AddressView, links: ChainLinks): Html {
  return html`<article class="address" data-address="${view.address}" data-evidence="${view.evidence}">
    <h1><span class="muted">${view.kind}</span> <span class="addr">${view.address}</span></h1>
    ${verdict(view)} ${view.summary === undefined ? "" : html`<p class="summary">${view.summary}</p>`}
    ${evidenceNotice(view)}
    <section aria-labelledby="flags-title">
      <h2 id="flags-title">Flags</h2>
      ${flagsView(view.flags, view.address, links)}
    </section>
    ${
      view.limitations.length === 0
        ? ""
        : html`<section aria-labelledby="lim-title">
            <h2 id="lim-title">Limitations</h2>
            <ul>
              ${view.limitations.map((l) => html`<li>${l}</li>`)}
            </ul>
          </section>`
    }
    ${
      view.holders === undefined
        ? ""
        : html`<section aria-labelledby="holders-title">
            <h2 id="holders-title">Holder distribution</h2>
            ${holdersChart(view.holders)}
          </section>`
    }
    <section aria-labelledby="history-title">
      <h2 id="history-title">Score history</h2>
      ${historyChart(view.history)}
    </section>
    <section aria-labelledby="prov-title">
      <h2 id="prov-title">Provenance</h2>
      <dl class="provenance">
        <dt>Snapshot</dt>
        <dd>
          <a href="/api/snapshots/${view.address}?id=${view.snapshotId}"><code>${view.snapshotId}</code></a>
        </dd>
        <dt>Block</dt>
        <dd>${view.block.number}</dd>
        <dt>Computed</dt>
        <dd>${view.queriedAt}</dd>
        <dt>Scoring version</dt>
        <dd>${view.scoringVersion}</dd>
      </dl>
    </section>
  </article>`;
}

export function addressPage(view: AddressView, links: ChainLinks): Html {
  return page({
    title: `${view.tier} · ${view.address} · Credence`,
    main: addressMain(view, links),
    query: view.address,
  });
}

export function homePage(): Html {
  return page({
    title: "Credence explorer",
    main: html`<section class="home">
      <h1>Check an address before you trust it</h1>
      <p>
        Paste a wallet, an ERC-20 token or an NFT collection. Credence reads its on-chain history and says what it
        found: a score, a tier and the flags behind them, each with the rule that raised it.
      </p>
      <p class="muted">
        Machine-readable: the <a href="/docs">API reference</a> and <a href="/openapi.json">OpenAPI document</a>.
      </p>
    </section>`,
  });
}

export type ExplorerState = "invalid_address" | "rate_limited" | "unavailable" | "not_found";

const STATES: Readonly<Record<ExplorerState, { title: string; text: string }>> = {
  invalid_address: { title: "That is not an address", text: "An address is 0x followed by 40 hexadecimal digits." },
  rate_limited: { title: "Too many checks for now", text: "This address can be checked again in a moment." },
  unavailable: {
    title: "Scoring is unavailable right now",
    text: "The chain or its index did not answer. Nothing was made up: try again shortly.",
  },
  not_found: { title: "Page not found", text: "Nothing lives at this path. Paste an address above." },
};

/** Designed error states; `data-state` names them for tests and scripts. */
export function statePage(state: ExplorerState, query?: string, retryAfterSeconds?: number): Html {
  const s = STATES[state];
  return page({
    title: `${s.title} · Credence`,
    query,
    main: html`<section class="state" data-state="${state}" role="alert">
      <h1>${s.title}</h1>
      <p>${s.text}</p>
      ${retryAfterSeconds === undefined ? "" : html`<p>Retry in <strong>${retryAfterSeconds}</strong> second(s).</p>`}
      ${query === undefined ? "" : html`<p><a href="/address/${query}">Try again</a></p>`}
    </section>`,
  });
}
