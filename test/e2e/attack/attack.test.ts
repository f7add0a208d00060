import { expect } from "chai";
import { runAttackSuite, type AttackReport } from "../../../scripts/attack/attack-suite";
import { formatReport } from "../../../scripts/attack/report";

/** A fixed seed: the same 300 requests every run; `npm run attack -- --seed 13 --runs 300` replays them. */
const SEED = 13;

describe("attack suite (short seeded run against a real server on the embedded chain)", function () {
  this.timeout(180_000);
  let report: AttackReport;
  let details: string;

  before(async () => {
    report = await runAttackSuite({ seed: SEED, runs: 300 });
    details = formatReport(report).join("\n");
  });

  it("sends every generated request to documented routes", () => {
    expect(report.fuzz.requests).to.equal(300);
    expect(report.routes).to.be.at.least(20);
  });

  it("no answer is a 5xx, and every error is JSON {error: <documented code>}", () => {
    expect(
      report.fuzz.violations.map((v) => `#${v.index} ${v.request.target}: ${v.reason}`),
      details,
    ).to.deep.equal([]);
  });

  it("the Sui app answers its own fuzzed requests without a 5xx or an undocumented error", () => {
    expect(report.suiFuzz?.requests).to.equal(75);
    expect(
      (report.suiFuzz?.violations ?? []).map((v) => `#${v.index} ${v.request.target}: ${v.reason}`),
      details,
    ).to.deep.equal([]);
  });

  it("random never-seen Sui addresses sent to the Sui app's score-wallet cause no registry write (issue 28)", () => {
    expect(report.suiWrites, details).to.deep.equal({ sent: 24, written: 0, failure: null });
  });

  it("past a client's budget, limited routes answer 429 {error:'rate_limited'} in JSON", () => {
    expect(report.rateLimits.map((r) => [r.route, r.failure])).to.deep.equal(
      report.rateLimits.map((r) => [r.route, null]),
    );
    for (const r of report.rateLimits) expect(r.limited, r.route).to.be.at.least(1);
  });

  it("alert deliveries to IPv6 forms of internal IPv4 addresses are refused as not public", () => {
    expect(
      report.outbound.filter((o) => o.failure !== null).map((o) => `${o.name}: ${o.failure}`),
      details,
    ).to.deep.equal([]);
    expect(report.outbound.length).to.be.at.least(9);
  });

  it("feedback, a platform key and hostile notes reach no operator act; nothing lists subscriptions (issue 28)", () => {
    expect(
      report.access.filter((a) => a.failure !== null).map((a) => `${a.name}: ${a.failure}`),
      details,
    ).to.deep.equal([]);
    expect(report.access).to.have.length(4);
  });

  it("no payment attack buys more than one answer per payment", () => {
    expect(
      report.payments.filter((p) => p.failure !== null).map((p) => `${p.name}: ${p.failure}`),
      details,
    ).to.deep.equal([]);
    expect(report.payments.length).to.be.at.least(11);
  });

  it("USDC moved to payTo == price x paid answers served, and /api/stats counts the same", () => {
    expect(report.money?.holds, details).to.equal(true);
  });
});
