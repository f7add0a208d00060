import { expect } from "chai";
import type { WriteBudget, WriteBudgetLimits } from "../../../src/application/ports/write-budget.port";

/** Budgets the suite configures: 10 units for Sui, 7 for EVM (each test uses its own day, so none shares a counter). */
export const CONTRACT_LIMITS: WriteBudgetLimits = { sui: 10n, evm: 7n };

let days = 0;
/** A day no earlier test used (adapters keep state across tests in one Redis). */
const freshDay = () =>
  `2031-${String(1 + (days % 12)).padStart(2, "0")}-${String(1 + (Math.floor(days++ / 12) % 28)).padStart(2, "0")}`;

/** The WriteBudget port's behaviour, run against every adapter, each configured with CONTRACT_LIMITS. */
export function writeBudgetContract(name: string, make: (limits: WriteBudgetLimits) => Promise<WriteBudget>): void {
  describe(`WriteBudget contract: ${name}`, () => {
    it("grants reservations up to the day's budget exactly, then refuses without spending", async () => {
      const budget = await make(CONTRACT_LIMITS);
      const day = freshDay();
      const outcomes = [];
      for (const amount of [4n, 4n, 3n, 2n, 1n]) outcomes.push(await budget.reserve("sui", day, amount));
      // 4 + 4 = 8; 3 would make 11 (refused, nothing spent); 2 makes 10; then nothing fits.
      expect(outcomes).to.deep.equal(["granted", "granted", "exhausted", "granted", "exhausted"]);
    });

    it("refuses an amount larger than the whole budget, and a non-positive one", async () => {
      const budget = await make(CONTRACT_LIMITS);
      const day = freshDay();
      expect(await budget.reserve("sui", day, 11n)).to.equal("exhausted");
      expect(await budget.reserve("sui", day, 0n)).to.equal("exhausted");
      expect(await budget.reserve("sui", day, -1n)).to.equal("exhausted");
      expect(await budget.reserve("sui", day, 10n)).to.equal("granted");
    });

    it("keeps one budget per chain: EVM gas and Sui MIST never share a counter", async () => {
      const budget = await make(CONTRACT_LIMITS);
      const day = freshDay();
      expect(await budget.reserve("evm", day, 7n)).to.equal("granted");
      expect(await budget.reserve("evm", day, 1n)).to.equal("exhausted");
      expect(await budget.reserve("sui", day, 10n)).to.equal("granted");
      expect(await budget.reserve("evm", day, 8n)).to.equal("exhausted");
    });

    it("opens a fresh budget each day; the days never share a counter", async () => {
      const budget = await make(CONTRACT_LIMITS);
      const [today, tomorrow] = [freshDay(), freshDay()];
      expect(await budget.reserve("sui", today, 10n)).to.equal("granted");
      expect(await budget.reserve("sui", tomorrow, 10n)).to.equal("granted");
      expect(await budget.reserve("sui", today, 1n)).to.equal("exhausted");
    });

    it("a budget of 0 grants nothing", async () => {
      const budget = await make({ sui: 0n, evm: 0n });
      expect(await budget.reserve("sui", freshDay(), 1n)).to.equal("exhausted");
    });

    it("counts amounts past 2^32 exactly (bigint round trip)", async () => {
      const limit = 2n ** 52n + 3n;
      const budget = await make({ sui: limit, evm: 0n });
      const day = freshDay();
      expect(await budget.reserve("sui", day, 2n ** 52n)).to.equal("granted");
      expect(await budget.reserve("sui", day, 4n)).to.equal("exhausted");
      expect(await budget.reserve("sui", day, 3n)).to.equal("granted");
      expect(await budget.reserve("sui", day, 1n)).to.equal("exhausted");
    });

    it("of 40 concurrent reservers of 3 units, only the budget's worth (3) is granted", async () => {
      const budget = await make(CONTRACT_LIMITS);
      const day = freshDay();
      const outcomes = await Promise.all(Array.from({ length: 40 }, () => budget.reserve("sui", day, 3n)));
      expect(outcomes.filter((o) => o === "granted")).to.have.length(3);
      expect(outcomes.filter((o) => o === "exhausted")).to.have.length(37);
    });
  });
}
