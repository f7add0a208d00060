import { describeRequest } from "./fuzz-phase";
import type { AttackReport } from "./attack-suite";

/** The report as lines: counterexamples first (one per distinct reason and route), the summary line last. */
export function formatReport(report: AttackReport): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const groups = new Map<string, number>();
  for (const v of report.fuzz.violations) {
    const key = `${v.request.target} :: ${v.reason.replace(/\d+ chars/, "N chars")}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(
      `FAIL #${v.index} ${v.reason}\n    ${describeRequest(v.request)}\n    -> ${v.status ?? "no answer"} ${JSON.stringify(v.body)}`,
    );
    lines.push(`    replay: npm run attack -- --seed ${report.seed} --runs ${report.runs} --only ${v.index}`);
  }
  for (const [key, count] of groups) lines.push(`  ${count} x ${key}`);
  const suiFuzz = report.suiFuzz;
  if (suiFuzz !== null) {
    for (const v of suiFuzz.violations.slice(0, 10))
      lines.push(
        `FAIL sui #${v.index} ${v.reason}\n    ${describeRequest(v.request)}\n    -> ${v.status ?? "no answer"} ${JSON.stringify(v.body)}`,
      );
    const suiClasses = ["2xx", "4xx", "5xx", "none"].map((c) => `${c} ${suiFuzz.byClass[c] ?? 0}`).join(", ");
    lines.push(
      `${suiFuzz.violations.length === 0 ? "ok  " : "FAIL"} Sui app: ${suiFuzz.requests} requests (${suiClasses}), violations=${suiFuzz.violations.length}`,
    );
  }
  const writes = report.suiWrites;
  if (writes !== null)
    lines.push(
      `${writes.failure === null ? "ok  " : "FAIL"} Sui app: ${writes.sent} random never-seen Sui addresses, ${writes.written} registry writes${writes.failure === null ? "" : ` (${writes.failure})`}`,
    );
  for (const r of report.rateLimits)
    lines.push(
      `${r.failure === null ? "ok  " : "FAIL"} rate limit ${r.route}: ${r.limited}/${r.sent} answered 429${r.failure === null ? "" : ` (${r.failure})`}`,
    );
  for (const a of report.access)
    lines.push(
      `${a.failure === null ? "ok  " : "FAIL"} access: ${a.name}: ${a.sent} requests${a.failure === null ? "" : ` (${a.failure})`}`,
    );
  for (const p of report.payments)
    lines.push(
      `${p.failure === null ? "ok  " : "FAIL"} payment: ${p.name}: ${p.answered}/${p.sent} answered${p.failure === null ? "" : ` (${p.failure})`}`,
    );
  for (const o of report.outbound)
    lines.push(
      `${o.failure === null ? "ok  " : "FAIL"} outbound: ${o.name}: ${o.refused}/${o.sent} refused as not public${o.failure === null ? "" : ` (${o.failure})`}`,
    );
  const m = report.money;
  if (m !== null) {
    lines.push(
      `${m.holds ? "ok  " : "FAIL"} money: moved to payTo ${m.movedToPayTo} == price ${m.price} x ${m.paidAnswers} paid answers + ${m.unansweredValue} moved by payments rightly unanswered? ` +
        `/api/stats: +${m.statsQueries} queries, +${m.statsValue} value`,
    );
  }
  const classes = ["2xx", "3xx", "4xx", "5xx", "none"].map((c) => `${c} ${report.fuzz.byClass[c] ?? 0}`).join(", ");
  const paymentFailures = report.payments.filter((p) => p.failure !== null).length;
  lines.push(
    `attack seed=${report.seed} routes=${report.routes} requests=${report.fuzz.requests} (${classes}) violations=${report.fuzz.violations.length} ` +
      `rate-limit-checks=${report.rateLimits.length} outbound-checks=${report.outbound.length} (failed ${report.outbound.filter((o) => o.failure !== null).length}) access-attacks=${report.access.length} (failed ${report.access.filter((a) => a.failure !== null).length}) payment-attacks=${report.payments.length} (failed ${paymentFailures}) ` +
      `money=${m === null ? "n/a" : m.holds ? "holds" : "BROKEN"} => ${report.passed ? "PASS" : "FAIL"}`,
  );
  return lines;
}
