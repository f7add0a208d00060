import { expect } from "chai";
import { capabilityFor } from "../../../../src/domain/sui/registry-rules";
import { BOT_SCORE_CAP, regularGapShare, scoreSuiWallet } from "../../../../src/domain/sui/score-sui-wallet";
import { asSuiAddress } from "../../../../src/domain/sui/sui-address";
import type { SuiAddressActivity } from "../../../../src/domain/sui/sui-facts";

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const peers = (n: number) => Array.from({ length: n }, (_, i) => asSuiAddress(`0x${(i + 1).toString(16)}`));

function activity(timestampsMs: number[], counterparties = 0, packages = 0): SuiAddressActivity {
  const sorted = [...timestampsMs].sort((a, b) => a - b);
  return {
    address: asSuiAddress("0x1"),
    transactionCount: sorted.length,
    truncated: false,
    firstAtMs: sorted[0] ?? null,
    lastAtMs: sorted.at(-1) ?? null,
    timestampsMs: sorted,
    counterparties: peers(counterparties),
    objectsCreated: 0,
    packagesCalled: peers(packages),
  };
}

describe("scoreSuiWallet", () => {
  it("scores an old, broad, irregular history high (ELITE, elite capability)", () => {
    const stamps = Array.from(
      { length: 100 },
      (_, i) =>
        NOW - 400 * DAY + i * 4 * DAY + Math.floor(((Math.abs(Math.sin(i * 12.9898)) * 43758.5453) % 1) * 3 * DAY),
    );
    const scored = scoreSuiWallet(activity(stamps, 25, 6), NOW);
    expect(scored).to.include({ botFlagged: false, tier: "ELITE", onchainTier: 2 });
    expect(capabilityFor(scored.score, scored.botFlagged)).to.equal("elite");
  });

  it("flags a fresh wallet and gives it no capability", () => {
    const scored = scoreSuiWallet(activity([NOW - DAY, NOW - 3_600_000], 1, 0), NOW);
    expect(scored.flags.map((f) => f.code)).to.deep.equal(["FRESH_WALLET"]);
    expect(capabilityFor(scored.score, scored.botFlagged)).to.equal(null);
  });

  it("bot-flags a clockwork schedule even behind one odd funding gap, and caps the score", () => {
    const clockwork = Array.from({ length: 40 }, (_, i) => NOW - 30 * 3_600_000 + i * 1_800_000 + (i % 3) * 4_000);
    const scored = scoreSuiWallet(activity([NOW - 400 * DAY, ...clockwork], 30, 6), NOW);
    expect(scored.botFlagged).to.equal(true);
    expect(scored.score).to.be.at.most(BOT_SCORE_CAP);
    expect(capabilityFor(scored.score, true)).to.equal(null);
  });

  it("needs at least 20 transactions before calling a rhythm bot-like", () => {
    expect(regularGapShare(Array.from({ length: 19 }, (_, i) => i * 1000))).to.equal(null);
    expect(regularGapShare(Array.from({ length: 20 }, (_, i) => i * 1000))).to.equal(1);
  });

  it("scores an address with no history low, with low confidence", () => {
    const scored = scoreSuiWallet(activity([]), NOW);
    expect(scored.flags.map((f) => f.code)).to.include("NO_HISTORY");
    expect(scored.confidence).to.be.below(60);
  });

  it("gives standard from 70 and elite from 85", () => {
    expect([69, 70, 84, 85].map((s) => capabilityFor(s, false))).to.deep.equal([null, "standard", "standard", "elite"]);
  });
});
