import { expect } from "chai";
import { readFile } from "node:fs/promises";
import { BYTECODE_MODULES, runtimeBytecodeModule } from "../../../scripts/build-bytecode-modules";
import { PROJECT_ROOT } from "../../../src/dev-world/compile";
import { type ScoringRig, scoringRig } from "./support/scoring-world";

describe("sell simulation over state overrides (seeded world)", function () {
  this.timeout(120_000);
  let rig: ScoringRig;

  before(async function () {
    this.timeout(240_000);
    rig = await scoringRig();
  });

  async function simulation(token: ScoringRig["manifest"]["taxToken"]) {
    const head = await rig.chain.headBlock()();
    if (head._tag === "Left") throw new Error(head.left.detail);
    const profile = await rig.tokens.assemble(token, head.right)();
    if (profile._tag === "Left") throw new Error(profile.left.detail);
    if (profile.right.sellSimulation === null) throw new Error("no simulation");
    return profile.right.sellSimulation.attempts;
  }

  it("honeypot: real holders' and a fresh address's sells revert with the token's reason, while a fresh buy works", async () => {
    const attempts = await simulation(rig.manifest.honeypotToken);
    const sells = attempts.filter((a) => a.action === "sell");
    expect(sells.map((a) => a.actorRole)).to.include.members(["holder", "fresh"]);
    for (const sell of sells) expect(sell.outcome).to.deep.equal({ ok: false, reason: "TRANSFER_FAILED" });
    const buy = attempts.find((a) => a.action === "buy");
    expect(buy?.outcome.ok).to.equal(true);
    expect(rig.manifest.honeypotVictims).to.include(sells.find((a) => a.actorRole === "holder")?.actor);
  });

  it("healthy token: every sell, buy and transfer succeeds at the quoted amount (no tax)", async () => {
    const attempts = await simulation(rig.manifest.healthyToken);
    expect(attempts.map((a) => a.action)).to.include.members(["buy", "sell", "transfer"]);
    for (const a of attempts) {
      expect(a.outcome.ok, `${a.action} by ${a.actorRole}`).to.equal(true);
      if (a.outcome.ok) expect(a.outcome.amountOut).to.equal(a.expectedOut);
    }
  });

  it("the committed simulator bytecode matches contracts/simulation/SellSimulator.sol", async () => {
    const committed = await readFile(`${PROJECT_ROOT}/src/adapters/chain/sell-simulator-bytecode.ts`, "utf8");
    expect(await runtimeBytecodeModule(BYTECODE_MODULES.sellSimulator)).to.equal(committed);
  });
});
