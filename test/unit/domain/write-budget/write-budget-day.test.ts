import { expect } from "chai";
import { budgetDayOf, secondsUntilNextBudgetDay } from "../../../../src/domain/write-budget/write-budget-day";

describe("write budget days (UTC wall clock)", () => {
  it("names the UTC day, whatever the local time zone would say", () => {
    expect(budgetDayOf(Date.parse("2026-11-20T00:00:00.000Z"))).to.equal("2026-11-20");
    expect(budgetDayOf(Date.parse("2026-11-20T23:59:59.999Z"))).to.equal("2026-11-20");
    expect(budgetDayOf(Date.parse("2026-11-21T00:00:00.000Z"))).to.equal("2026-11-21");
    expect(budgetDayOf(Date.parse("2026-11-20T23:30:00.000-05:00"))).to.equal("2026-11-21");
  });

  it("counts the seconds to the next UTC midnight, never 0", () => {
    expect(secondsUntilNextBudgetDay(Date.parse("2026-11-20T21:30:00.000Z"))).to.equal(9_000);
    expect(secondsUntilNextBudgetDay(Date.parse("2026-11-20T00:00:00.000Z"))).to.equal(86_400);
    expect(secondsUntilNextBudgetDay(Date.parse("2026-11-20T23:59:59.999Z"))).to.equal(1);
  });
});
