import type { FlagEvidence } from "../../../domain/scoring/flag";
import { SEVERITY_ORDER } from "../../../domain/scoring/severity";
import type { ViewFlag } from "./address-view";
import { clusterGraph, fundingTree } from "./charts";
import { html, type Html } from "./html";
import type { ChainLinks } from "./links";

const list = (label: string, items: readonly string[] | undefined, link: (item: string) => Html): Html =>
  items === undefined || items.length === 0
    ? html``
    : html`<dt>${label}</dt>
        <dd>
          <ul class="hashes">
            ${items.map((item) => html`<li>${link(item)}</li>`)}
          </ul>
        </dd>`;

/** A flag's evidence: what was measured, the transactions and the addresses involved. */
function evidenceView(evidence: FlagEvidence, links: ChainLinks): Html {
  const figures = Object.entries(evidence.figures ?? {});
  return html`<p class="detail">${evidence.detail}</p>
    <dl class="evidence">
      ${
        figures.length > 0
          ? html`<dt>Figures</dt>
              <dd>
                <table class="figures">
                  <tbody>
                    ${figures.map(
                      ([k, v]) =>
                        html`<tr>
                          <th scope="row">${k}</th>
                          <td>${String(v)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </dd>`
          : ""
      }
      ${list("Transactions", evidence.txHashes, links.tx)}
      ${list("Counterparties", evidence.counterparties, links.address)}
      ${list("Holders", evidence.holders, links.address)} ${list("Tokens", evidence.tokens, links.address)}
      ${list("Blocks", evidence.blocks?.map(String), (b) => html`<code>${b}</code>`)}
    </dl>`;
}

function flagView(flag: ViewFlag, subject: string, links: ChainLinks): Html {
  const cluster = flag.code === "SYBIL_CLUSTER" ? flag.evidence : undefined;
  const clusterId = cluster?.figures?.clusterId;
  return html`<li class="flag sev-${flag.severity}" data-flag="${flag.code}">
    <div class="flag-head">
      <span class="sev-label">${flag.severity}</span> <strong>${flag.title}</strong>
      <code>${flag.code}</code
      >${flag.points === undefined ? "" : html` <span class="points">${flag.points} points</span>`}${flag.underReview ? html` <span class="review">under review</span>` : ""}
    </div>
    <p class="rule">${flag.rule}</p>
    ${flag.evidence === undefined ? "" : evidenceView(flag.evidence, links)}
    ${cluster !== undefined && typeof clusterId === "string" ? clusterGraph(clusterId, subject, cluster.holders ?? []) : ""}
    ${flag.code === "SHARED_FUNDING_SOURCE" && (flag.evidence?.counterparties?.length ?? 0) > 0 ? fundingTree(subject, flag.evidence!.counterparties!, flag.evidence!.holders ?? []) : ""}
  </li>`;
}

/** Flags grouped by severity, most severe first, each with its catalogue text. */
export function flagsView(flags: readonly ViewFlag[], subject: string, links: ChainLinks): Html {
  if (flags.length === 0) return html`<p class="clean">No risk flag was raised.</p>`;
  const groups = [...SEVERITY_ORDER].reverse().flatMap((severity) => {
    const inGroup = flags.filter((f) => f.severity === severity);
    return inGroup.length === 0
      ? []
      : [
          html`<section class="sev-group" aria-labelledby="sev-${severity}">
            <h3 id="sev-${severity}" class="sev-${severity}">${severity} (${inGroup.length})</h3>
            <ul class="flags">
              ${inGroup.map((f) => flagView(f, subject, links))}
            </ul>
          </section>`,
        ];
  });
  return html`${groups}`;
}
