import { expect } from "chai";
import { play, seededRandom } from "../../../src/dev-world/world/scenarios/scenario-kit";

describe("scenario kit", () => {
  it("seededRandom repeats its sequence for a seed, differs across seeds and stays in range", () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () => random(3, 9));
    };
    expect(draw("a")).to.deep.equal(draw("a"));
    expect(draw("a")).to.not.deep.equal(draw("b"));
    expect(draw("a").every((n) => n >= 3 && n <= 9)).to.equal(true);
    expect(new Set(draw("a")).size).to.be.greaterThan(3);
  });

  it("play yields each distinct time once, in order, and runs same-time actions together", async () => {
    const ran: string[] = [];
    const log = (what: string) => async () => void ran.push(what);
    const scenario = play([
      { at: 30, run: log("c") },
      { at: 10, run: log("a") },
      { at: 30, run: log("d") },
      { at: 20, run: log("b") },
    ]);
    // Actions due at a yielded time run when the scenario is resumed, i.e. inside that block.
    const blocks: { at: number; ran: string[] }[] = [];
    let step = await scenario.next();
    while (step.done !== true) {
      const at = step.value;
      const before = ran.length;
      step = await scenario.next();
      blocks.push({ at, ran: ran.slice(before) });
    }
    expect(blocks).to.deep.equal([
      { at: 10, ran: ["a"] },
      { at: 20, ran: ["b"] },
      { at: 30, ran: ["c", "d"] },
    ]);
  });
});
