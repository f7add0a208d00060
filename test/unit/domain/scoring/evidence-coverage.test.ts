import { expect } from "chai";
import { assessEvidence, distinctDays } from "../../../../src/domain/scoring/common/evidence-coverage";
import { EVIDENCE } from "../../../../src/domain/scoring/thresholds";

const seen = (events: number, activeDays: number, counterparties: number, extra = {}) => ({
  events,
  activeDays,
  counterparties,
  historyComplete: true,
  simulationRan: null,
  ...extra,
});

describe("assessEvidence: confidence is a function of what was seen", () => {
  it("answers coverage none and at most 10 when nothing was ever seen", () => {
    const a = assessEvidence(seen(0, 0, 0), EVIDENCE.wallet, "wallet");
    expect(a.coverage).to.equal("none");
    expect(a.confidenceCap).to.be.at.most(10);
    expect(a.limitation).to.include("No history");
  });

  it("caps a one-transaction wallet at 25, as thin", () => {
    const a = assessEvidence(seen(1, 1, 1), EVIDENCE.wallet, "wallet");
    expect(a.coverage).to.equal("thin");
    expect(a.confidenceCap).to.be.at.most(25);
  });

  it("grows with events, days and counterparties, and reaches 100 at saturation", () => {
    const caps = [seen(1, 1, 1), seen(5, 3, 2), seen(20, 8, 4), seen(60, 20, 10)].map(
      (s) => assessEvidence(s, EVIDENCE.wallet, "wallet").confidenceCap,
    );
    expect(caps).to.deep.equal([...caps].sort((x, y) => x - y));
    expect(new Set(caps).size).to.equal(caps.length);
    expect(caps[3]).to.equal(100);
    expect(assessEvidence(seen(60, 20, 10), EVIDENCE.wallet, "wallet").coverage).to.equal("full");
  });

  it("is partial, never full, when the history was truncated or a token's simulation did not run", () => {
    expect(assessEvidence(seen(60, 20, 10, { historyComplete: false }), EVIDENCE.wallet, "w").coverage).to.equal(
      "partial",
    );
    const noSim = assessEvidence(seen(500, 30, 40, { simulationRan: false }), EVIDENCE.token, "token");
    expect(noSim.coverage).to.equal("partial");
    expect(noSim.confidenceCap).to.equal(60);
  });

  it("counts distinct UTC days", () => {
    expect(distinctDays([0, 3600, 86_400, 86_399, 2 * 86_400 + 5])).to.equal(3);
  });
});
