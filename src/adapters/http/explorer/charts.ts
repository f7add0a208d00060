import type { HolderFacts } from "../../../domain/scoring/token/holder-facts";
import type { AddressView } from "./address-view";
import { html, type Html } from "./html";

/** Server-drawn SVG: no script, no inline style (the CSP allows neither), a text alternative for each. */

/** The score as a half-circle gauge, the number and tier written beside it. */
export function gauge(score: number | null, tier: string): Html {
  const value = score === null ? 100 : Math.max(0, Math.min(100, score));
  const angle = Math.PI * (1 - value / 100);
  const x = (60 + 50 * Math.cos(angle)).toFixed(1);
  const y = (60 - 50 * Math.sin(angle)).toFixed(1);
  const label = score === null ? `${tier}: not scored by heuristics` : `score ${score} of 100, tier ${tier}`;
  return html`<svg class="gauge tier-${tier}" viewBox="0 0 120 66" role="img" aria-label="${label}">
    <path class="gauge-track" d="M10 60 A50 50 0 0 1 110 60" fill="none" stroke-width="10" />
    <path class="gauge-value" d="M10 60 A50 50 0 0 1 ${x} ${y}" fill="none" stroke-width="10" />
    <text x="60" y="56" text-anchor="middle" class="gauge-number">${score === null ? "✓" : score}</text>
  </svg>`;
}

/** A 0-100 bar with its label (confidence, a holder share). */
export function bar(label: string, percent: number | null, className = "bar"): Html {
  const width = percent === null ? 0 : Math.max(0, Math.min(100, percent));
  return html`<div class="meter">
    <span class="meter-label">${label}</span>
    <svg
      class="${className}"
      viewBox="0 0 100 8"
      preserveAspectRatio="none"
      role="img"
      aria-label="${label}: ${percent === null ? "unknown" : `${percent}%`}"
    >
      <rect class="bar-track" width="100" height="8" />
      <rect class="bar-value" width="${width}" height="8" />
    </svg>
    <span class="meter-value">${percent === null ? "unknown" : `${percent}%`}</span>
  </div>`;
}

/** Score history from the snapshots, oldest to newest. */
export function historyChart(history: AddressView["history"]): Html {
  const points = [...history].reverse().filter((s) => s.score !== null);
  if (points.length === 0) return html`<p class="muted">No stored snapshot yet.</p>`;
  const step = points.length > 1 ? 260 / (points.length - 1) : 0;
  const coords = points.map((s, i) => [(points.length > 1 ? 28 : 156) + i * step, 90 - (s.score ?? 0) * 0.8] as const);
  const line = coords.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const description = points.map((s) => `${s.queriedAt}: ${s.score} (${s.tier})`).join("; ");
  return html`<svg class="history" viewBox="0 0 300 100" role="img" aria-label="Score history: ${description}">
      <line class="axis" x1="10" y1="90" x2="290" y2="90" />
      <line class="axis faint" x1="10" y1="10" x2="290" y2="10" />
      <polyline class="history-line" fill="none" points="${line}" />
      ${coords.map(([x, y]) => html`<circle class="history-point" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3" />`)}
    </svg>
    <p class="muted small">
      ${points.length} snapshot(s), newest ${points[points.length - 1]!.queriedAt} at block
      ${points[points.length - 1]!.block.number}.
    </p>`;
}

/** Holder distribution: the shares a person checks first, and the cohorts. */
export function holdersChart(holders: HolderFacts): Html {
  const lp = holders.liquidity;
  return html`<div class="holders">
    ${bar("Top 10 holders", holders.top10Percent)} ${bar("Creator", holders.creatorPercent)}
    ${bar("Owner", holders.ownerPercent)} ${bar(`Snipers (${holders.snipers.count})`, holders.snipers.percent)}
    ${bar(`Insiders (${holders.insiders.count})`, holders.insiders.percent)}
    ${bar(`Bundled buyers (${holders.bundled.count})`, holders.bundled.percent)}
    ${lp === null ? html`<p class="muted">No pool liquidity found.</p>` : html`${bar("LP burned", lp.burnedPercent)}${bar("LP locked", lp.lockedPercent)}`}
    ${holders.unknown.length > 0 ? html`<p class="muted small">Unknown: ${holders.unknown.join("; ")}</p>` : ""}
  </div>`;
}

/**
 * A sybil cluster drawn as a graph: the subject at the centre, the cluster's members around it, joined
 * through the cluster node (the evidence names members, not who funded whom edge by edge).
 */
export function clusterGraph(clusterId: string, subject: string, members: readonly string[]): Html {
  const others = members.filter((m) => m !== subject).slice(0, 12);
  const nodes = others.map((m, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, others.length);
    return { m, x: 160 + 120 * Math.cos(a), y: 110 + 85 * Math.sin(a) };
  });
  return html`<svg
    class="cluster"
    viewBox="0 0 320 220"
    role="img"
    aria-label="Sybil cluster ${clusterId}: ${subject} and ${others.length} other member(s): ${others.join(", ")}"
  >
    ${nodes.map((n) => html`<line class="edge" x1="160" y1="110" x2="${n.x.toFixed(1)}" y2="${n.y.toFixed(1)}" />`)}
    ${nodes.map((n) => html`<circle class="node" cx="${n.x.toFixed(1)}" cy="${n.y.toFixed(1)}" r="7" /><text class="node-label" x="${n.x.toFixed(1)}" y="${(n.y + 18).toFixed(1)}" text-anchor="middle">${n.m.slice(0, 6)}…${n.m.slice(-4)}</text>`)}
    <circle class="node subject" cx="160" cy="110" r="11" />
    <text class="node-label strong" x="160" y="92" text-anchor="middle">${clusterId}</text>
  </svg>`;
}

const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * A funding tree from SHARED_FUNDING_SOURCE's evidence: the funder at the top, the relays it passed money
 * through, and the fresh wallets it funded at the bottom (the subject marked).
 */
export function fundingTree(subject: string, chain: readonly string[], recipients: readonly string[]): Html {
  const levels = chain.slice(0, 4);
  // The subject was funded through this chain too: it is one of the leaves even when the sample missed it.
  const funded = recipients.filter((a) => !levels.includes(a) && a !== subject);
  const leaves = [subject, ...funded].slice(0, 12);
  const top = 20;
  const gap = 50;
  const leafY = top + gap * levels.length;
  const spacing = leaves.length > 1 ? 340 / (leaves.length - 1) : 0;
  const leafNodes = leaves.map((a, i) => ({ a, x: leaves.length > 1 ? 30 + i * spacing : 200 }));
  const last = levels.length - 1;
  const label = `Funding tree: ${levels.join(" funds ")} then ${leaves.length} fresh wallet(s): ${leaves.join(", ")}`;
  return html`<svg class="funding" viewBox="0 0 400 ${leafY + 40}" role="img" aria-label="${label}">
    ${levels.slice(1).map((_a, i) => html`<line class="edge" x1="200" y1="${top + gap * i}" x2="200" y2="${top + gap * (i + 1)}" />`)}
    ${leafNodes.map((n) => html`<line class="edge" x1="200" y1="${top + gap * last}" x2="${n.x.toFixed(1)}" y2="${leafY}" />`)}
    ${levels.map((a, i) => html`<circle class="node funder" cx="200" cy="${top + gap * i}" r="8" /><text class="node-label strong" x="212" y="${top + gap * i + 4}">${i === 0 ? "funder" : "relay"} ${short(a)}</text>`)}
    ${leafNodes.map((n) => html`<circle class="node${n.a === subject ? " subject" : ""}" cx="${n.x.toFixed(1)}" cy="${leafY}" r="${n.a === subject ? 9 : 6}" /><text class="node-label" x="${n.x.toFixed(1)}" y="${leafY + (leafNodes.indexOf(n) % 2 === 0 ? 20 : 32)}" text-anchor="middle">${short(n.a)}</text>`)}
  </svg>`;
}
