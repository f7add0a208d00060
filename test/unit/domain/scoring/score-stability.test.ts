import { expect } from "chai";
import { scoreStability } from "../../../../src/domain/scoring/explain/score-stability";

const series = (scores: readonly number[]) =>
  scores.map((score, i) => ({ score, queriedAt: 1_700_000_000 + i * 3_600 }));

describe("scoreStability", () => {
  it("needs at least 3 snapshots", () => {
    expect(scoreStability(series([50, 70])).trend).to.equal("insufficient_history");
    expect(scoreStability([]).trend).to.equal("insufficient_history");
    expect(scoreStability([]).samples).to.equal(0);
  });

  it("is stable when the score barely moves", () => {
    const s = scoreStability(series([60, 62, 61, 63]));
    expect(s.trend).to.equal("stable");
    expect(s.change).to.equal(3);
  });

  it("is improving or deteriorating on a sustained move of 5 or more", () => {
    expect(scoreStability(series([40, 45, 52, 60])).trend).to.equal("improving");
    expect(scoreStability(series([70, 66, 60, 50])).trend).to.equal("deteriorating");
  });

  it("is volatile when the score swings back and forth widely", () => {
    const s = scoreStability(series([30, 70, 35, 75, 40]));
    expect(s.trend).to.equal("volatile");
    expect(s.reversals).to.equal(3);
    expect([s.min, s.max]).to.deep.equal([30, 75]);
  });

  it("orders snapshots by time, accepts ISO strings, and reports the figures", () => {
    const s = scoreStability([
      { score: 60, queriedAt: "2024-01-03T00:00:00Z" },
      { score: 40, queriedAt: "2024-01-01T00:00:00Z" },
      { score: 50, queriedAt: "2024-01-02T00:00:00Z" },
      { score: 99, queriedAt: "not a date" },
    ]);
    expect(s).to.deep.include({
      trend: "improving",
      samples: 3,
      first: 40,
      last: 60,
      change: 20,
      spanSeconds: 2 * 86_400,
    });
    expect(s.stdDev).to.equal(8.16);
  });
});
