import { expect } from "chai";
import { FLAG_CATALOGUE, type FlagRule, isFlagCode } from "../../../../src/domain/scoring/flag-catalogue";

const entries = Object.entries(FLAG_CATALOGUE) as [string, FlagRule][];

describe("flag catalogue", () => {
  it("names every code in SCREAMING_SNAKE_CASE with a rule, a title and a subject type", () => {
    for (const [code, rule] of entries) {
      expect(code, code).to.match(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(rule.rule.length, code).to.be.greaterThan(20);
      expect(rule.title.length, code).to.be.greaterThan(3);
      expect(rule.appliesTo.length, code).to.be.greaterThan(0);
    }
  });

  it("keeps info flags free and every other flag a penalty", () => {
    for (const [code, rule] of entries) {
      if (rule.severity === "info") expect(rule.points, code).to.equal(0);
      else expect(rule.points, code).to.be.lessThan(0);
    }
  });

  it("contains the codes SPEC.md and the issue name", () => {
    for (const code of [
      "HONEYPOT_PATTERN",
      "COORDINATED_BUY",
      "EXIT_SYNC",
      "LOW_HOLDER_QUALITY",
      "WASH_TRADING",
      "VELOCITY_BURST",
      "MACHINE_REGULAR_INTERVALS",
      "SELF_INTERACTION",
      "COUNTERPARTY_CONCENTRATION",
      "EXIT_SYNC_PARTICIPANT",
      "DEPLOYED_AND_DUMPED",
      "COORDINATED_BUY_PARTICIPANT",
      "SHARED_FUNDING_SOURCE",
      "HIGH_SELL_TAX",
      "OWNER_CAN_MINT",
      "OWNER_CAN_BLACKLIST",
      "OWNER_CAN_PAUSE",
      "OWNER_CAN_SET_FEES",
      "UPGRADEABLE_PROXY",
      "HIGH_CONCENTRATION",
      "DEPLOYER_HOLDS_MUCH",
      "NO_LIQUIDITY",
      "RUG_PULL",
      "YOUNG_CONTRACT",
      "NFT_WASH_TRANSFERS",
      "NFT_MINT_CONCENTRATION",
      "NFT_CREATOR_DUMPING",
      "NFT_HOLDER_CONCENTRATION",
      "STAKING_RING",
    ]) {
      expect(isFlagCode(code), code).to.equal(true);
    }
    expect(isFlagCode("NOT_A_FLAG")).to.equal(false);
  });

  it("reserves critical severity for the blocking patterns", () => {
    const critical = entries
      .filter(([, r]) => r.severity === "critical")
      .map(([c]) => c)
      .sort();
    expect(critical).to.deep.equal([
      "CANNOT_SELL_ALL",
      "COORDINATED_EXIT",
      "HONEYPOT_PATTERN",
      "NFT_ANYONE_CAN_TAKE",
      "RUGGED_DEPLOYMENT",
      "RUG_PULL",
      "SANCTIONED",
    ]);
  });
});

describe("flag catalogue as the table in docs/flags.md", () => {
  it("renders one row per code with its rule", async () => {
    const { flagCatalogueMarkdown } = await import("../../../../src/domain/scoring/flag-catalogue-markdown");
    const table = flagCatalogueMarkdown().split("\n");
    expect(table).to.have.length(entries.length + 2);
    expect(table.find((row) => row.startsWith("| `HONEYPOT_PATTERN`"))).to.include("| token | critical | -100 |");
  });
});
