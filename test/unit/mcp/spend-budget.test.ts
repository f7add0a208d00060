import { expect } from "chai";
import { SpendBudget } from "../../../scripts/mcp/spend-budget";

describe("MCP spend budget", () => {
  it("a reservation holds its room until it is spent or released", () => {
    const budget = new SpendBudget(1000n);
    expect(budget.reserve(1000n)).to.equal(null);
    expect(budget.reserve(1n)).to.match(/price 1 would take spending to 1001 \(1000 of it in payments under way\)/);
    budget.release(1000n);
    expect(budget.spent()).to.equal(0n);
    expect(budget.reserve(600n)).to.equal(null);
    budget.spend(600n);
    expect(budget.spent()).to.equal(600n);
    expect(budget.reserve(401n)).to.match(/past CREDENCE_SPEND_LIMIT_ATOMIC 1000$/);
    expect(budget.reserve(400n)).to.equal(null);
    budget.spend(400n);
    expect(budget.spent()).to.equal(1000n);
  });

  it("keeps amounts past 2^53 exact", () => {
    const budget = new SpendBudget(2n ** 64n);
    expect(budget.reserve(2n ** 63n + 1n)).to.equal(null);
    budget.spend(2n ** 63n + 1n);
    expect(budget.spent()).to.equal(9223372036854775809n);
    expect(budget.reserve(2n ** 63n)).to.not.equal(null);
  });
});
