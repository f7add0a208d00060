import type { CorpusEntry } from "./corpus";
import { CATEGORIES, type Category } from "./flag-categories";
import { type Counts, ZERO, add, count, figures, formatInterval } from "./metrics";
import type { Verdict } from "./service";
import type { TradeTally } from "./timeline";

export type Outcome = "scored" | "does not compile" | "deploy failed" | "service error";

export interface ContractResult {
  readonly entry: CorpusEntry;
  readonly outcome: Outcome;
  readonly detail: string | null;
  readonly compileMs: number;
  readonly chainMs: number;
  readonly verdict: Verdict | null;
  readonly predicted: Record<Category, readonly string[]>;
  readonly notes: readonly string[];
  readonly tally: TradeTally | null;
}

const LABELS: Record<Category, string> = {
  hiddenMint: "hidden mint",
  leakingToken: "leaking token",
  limitingSell: "limiting sell",
};

function confusion(results: readonly ContractResult[], category: Category | "any"): Counts {
  return results.reduce((acc, r) => {
    const cats = category === "any" ? CATEGORIES : [category];
    // Overall = micro-average over the three categories, contract by contract (as the CRPWarner notebook sums them).
    return cats.reduce((a, c) => add(a, count(r.entry.categories[c], r.predicted[c].length > 0)), acc);
  }, ZERO);
}

function row(name: string, c: Counts): string {
  const f = figures(c);
  return [
    name.padEnd(14),
    `${c.tp}/${c.fp}/${c.fn}/${c.tn}`.padEnd(13),
    formatInterval(f.precision).padEnd(26),
    formatInterval(f.recall).padEnd(26),
    (f.f1 === null ? "n/a" : `${(f.f1 * 100).toFixed(1)}%`).padEnd(7),
    formatInterval(f.falsePositiveRate),
  ].join(" ");
}

export function metricsTable(results: readonly ContractResult[]): string[] {
  const header = `${"category".padEnd(14)} ${"TP/FP/FN/TN".padEnd(13)} ${"precision [95% Wilson]".padEnd(26)} ${"recall [95% Wilson]".padEnd(26)} ${"F1".padEnd(7)} false-positive rate [95% Wilson]`;
  return [
    header,
    ...CATEGORIES.map((c) => row(LABELS[c], confusion(results, c))),
    row("overall", confusion(results, "any")),
  ];
}

const flagList = (v: Verdict | null): string =>
  v === null ? "-" : v.flags.map((f) => (f.severity === "info" ? `${f.code}(info)` : f.code)).join(", ") || "(none)";

export function missLines(results: readonly ContractResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    for (const c of CATEGORIES) {
      const expected = r.entry.categories[c];
      const predicted = r.predicted[c].length > 0;
      if (expected === predicted) continue;
      const kind = expected ? "FN" : "FP";
      const why = expected ? (r.outcome === "scored" ? "" : ` [${r.outcome}]`) : ` via ${r.predicted[c].join(", ")}`;
      lines.push(
        `${kind} ${LABELS[c].padEnd(13)} ${r.entry.id} (${r.entry.contractName})${why}: flags ${flagList(r.verdict)}`,
      );
    }
  }
  return lines;
}

export function perContractLines(results: readonly ContractResult[]): string[] {
  return results.map((r) => {
    const t = r.tally;
    const trades =
      t === null ? "" : ` buys ${t.buys}/${t.buys + t.buysFailed} sells ${t.sells}/${t.sells + t.sellsFailed}`;
    const v = r.verdict;
    const verdict = v === null ? r.outcome : `${v.status} ${v.tier ?? "-"} ${v.score ?? "-"}`;
    const notes = [...(r.detail === null ? [] : [r.detail]), ...r.notes].join("; ");
    return `${r.entry.id.slice(0, 52).padEnd(52)} ${r.entry.group.replace("crpwarner-", "").padEnd(16)} ${verdict.padEnd(18)} compile ${String(r.compileMs).padStart(5)} ms chain ${String(r.chainMs).padStart(5)} ms score ${String(v?.ms ?? 0).padStart(5)} ms${trades}${notes === "" ? "" : ` | ${notes.slice(0, 140)}`}`;
  });
}

/** No benign reference token may be BLOCKED or carry a sell-blocking flag. */
export function blockingCheck(results: readonly ContractResult[]): string[] {
  const bad = results.filter(
    (r) =>
      r.entry.group === "benign-reference" &&
      r.verdict !== null &&
      (r.verdict.tier === "BLOCKED" ||
        r.verdict.flags.some((f) => f.code === "HONEYPOT_PATTERN" || f.code === "CANNOT_SELL_ALL")),
  );
  const asked = results.filter((r) => r.entry.group === "benign-reference" && r.verdict !== null).length;
  return [
    `blocking verdicts on benign reference tokens: ${bad.length} of ${asked} asked${bad.length === 0 ? " (ok)" : ""}`,
    ...bad.map((r) => `  ${r.entry.id}: ${r.verdict?.tier} ${flagList(r.verdict)}`),
  ];
}
