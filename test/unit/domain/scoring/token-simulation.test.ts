import { expect } from "chai";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { codes } from "./support/wallet-fixtures";
import {
  DEPLOYER,
  FRESH,
  NOW,
  POOL,
  attempt,
  buyer,
  healthyPool,
  healthyToken,
  simulation,
  tokenProfile,
} from "./support/token-fixtures";
import { MarketScript } from "./support/market-script";
import { TOKEN as TOKEN_ADDR } from "./support/token-fixtures";

/** A history of buys and no sell: what a trap looks like from the transfers. */
function buyOnlyScript(buyers: number): MarketScript {
  const s = new MarketScript(TOKEN_ADDR, POOL, DEPLOYER);
  s.mint(DEPLOYER, 1_000_000n);
  s.advance(5, 10).addLiquidity(DEPLOYER, 950_000n, 10n ** 21n);
  for (let i = 0; i < buyers; i++) s.advance(1_000, 86_400).buy(buyer(i), 1_000n);
  return s;
}

/** A token whose history shows buyers and no sell, with the given profile fields. */
function unsoldToken(overrides: Parameters<typeof tokenProfile>[1]) {
  const s = buyOnlyScript(12);
  return tokenProfile(s.market([healthyPool(s)]), overrides);
}

describe("token flags: HONEYPOT_PATTERN from the sell simulation", () => {
  it("fires when a fresh address cannot sell while buying works, and blocks the token", () => {
    const sim = simulation(
      attempt("buy", "fresh", true),
      attempt("sell", "holder", true),
      attempt("sell", "fresh", false),
    );
    const result = scoreToken(unsoldToken({ sellSimulation: sim }), NOW);
    const flag = result.flags.find((f) => f.code === "HONEYPOT_PATTERN");
    expect(flag?.severity).to.equal("critical");
    expect(flag?.evidence.counterparties).to.include(FRESH);
    expect(flag?.evidence.counterparties).to.include(POOL);
    expect(flag?.evidence.blocks).to.deep.equal([4_242]);
    expect(flag?.evidence.detail).to.include("a fresh address among them");
    expect(result.tier).to.equal("BLOCKED");
    expect(result.score).to.be.at.most(10);
    expect(result.explanation.publicExplain.tone).to.equal("danger");
    expect(result.explanation.recommendation.action).to.equal("deny");
  });

  it("fires without a simulated buy when history shows non-privileged buys", () => {
    const sim = simulation(attempt("sell", "holder", false));
    expect(codes(scoreToken(healthyToken({ sellSimulation: sim }), NOW))).to.include("HONEYPOT_PATTERN");
  });

  it("fires when a sell goes through but keeps 90% or more as tax", () => {
    const sim = simulation(attempt("buy", "fresh", true), attempt("sell", "fresh", true, FRESH, 1_000n, 50n));
    const result = scoreToken(unsoldToken({ sellSimulation: sim }), NOW);
    expect(result.flags.find((f) => f.code === "HONEYPOT_PATTERN")?.evidence.figures?.sellTaxBps).to.equal(9_500);
  });

  it("is no verdict when only a fresh address's sell fails while real holders sold, in history and in simulation", () => {
    // A renounced reflection token: the balance written for the fresh seller was not the whole story.
    const sim = simulation(
      attempt("buy", "fresh", true),
      attempt("sell", "holder", true),
      attempt("sell", "fresh", false),
    );
    const result = scoreToken(healthyToken({ sellSimulation: sim }), NOW);
    expect(codes(result)).not.to.include("HONEYPOT_PATTERN");
    expect(result.tier).not.to.equal("BLOCKED");
    expect(result.limitations.join(" ")).to.include("artefact of the simulation");
  });

  it("still fires when a real holder's simulated sell fails, whatever others sold in history", () => {
    const sim = simulation(
      attempt("buy", "fresh", true),
      attempt("sell", "holder", false),
      attempt("sell", "fresh", false),
    );
    expect(codes(scoreToken(healthyToken({ sellSimulation: sim }), NOW))).to.include("HONEYPOT_PATTERN");
  });

  it("does not fire when only the privileged deployer's sell fails", () => {
    const sim = simulation(
      attempt("buy", "fresh", true),
      attempt("sell", "deployer", false, DEPLOYER),
      attempt("sell", "fresh", true),
    );
    expect(codes(scoreToken(healthyToken({ sellSimulation: sim }), NOW))).not.to.include("HONEYPOT_PATTERN");
  });

  it("does not call a failed buy a failed sell: buys and sells both failing is a limitation", () => {
    const sim = simulation(attempt("buy", "fresh", false), attempt("sell", "fresh", false));
    const result = scoreToken(unsoldToken({ sellSimulation: sim }), NOW);
    expect(codes(result)).not.to.include("HONEYPOT_PATTERN");
    expect(result.limitations.join(" ")).to.include("trading may be disabled");
    expect(result.confidence).to.be.lessThan(100);
  });

  it("says a honeypot cannot be ruled out when no simulation ran", () => {
    const result = scoreToken(healthyToken({ sellSimulation: null }), NOW);
    expect(codes(result)).not.to.include("HONEYPOT_PATTERN");
    // Was 75: without a simulation a honeypot cannot be ruled out, so the answer may not claim more than 60.
    expect(result.confidence).to.equal(60);
    expect(result.coverage).to.equal("partial");
    expect(result.limitations).to.include("No sell simulation ran: a honeypot cannot be ruled out.");
  });
});

describe("token flags: measured taxes", () => {
  const withTaxes = (buyOut: bigint, sellOut: bigint) =>
    healthyToken({
      sellSimulation: simulation(
        attempt("buy", "fresh", true, FRESH, 1_000n, buyOut),
        attempt("sell", "fresh", true, FRESH, 1_000n, sellOut),
      ),
    });

  it("HIGH_SELL_TAX is medium from 10% and high from 30%", () => {
    const medium = scoreToken(withTaxes(1_000n, 850n), NOW).flags.find((f) => f.code === "HIGH_SELL_TAX");
    expect([medium?.severity, medium?.points, medium?.evidence.figures?.taxBps]).to.deep.equal(["medium", -10, 1_500]);
    const high = scoreToken(withTaxes(1_000n, 600n), NOW).flags.find((f) => f.code === "HIGH_SELL_TAX");
    expect([high?.severity, high?.points]).to.deep.equal(["high", -25]);
  });

  it("HIGH_BUY_TAX fires from 10% and neither fires below", () => {
    expect(codes(scoreToken(withTaxes(880n, 1_000n), NOW))).to.deep.equal(["HIGH_BUY_TAX"]);
    expect(codes(scoreToken(withTaxes(950n, 950n), NOW))).to.deep.equal([]);
  });
});

describe("token flags: NO_SUCCESSFUL_SELLS (flow corroboration)", () => {
  it("fires on 10 buyers and no non-privileged sell, without blocking", () => {
    const s = buyOnlyScript(12);
    const result = scoreToken(tokenProfile(s.market([healthyPool(s)]), { sellSimulation: null }), NOW);
    expect(result.flags.find((f) => f.code === "NO_SUCCESSFUL_SELLS")?.evidence.figures).to.deep.equal({
      buyers: 12,
      sells: 0,
    });
    expect(result.tier).not.to.equal("BLOCKED");
  });

  it("does not fire once a non-privileged holder has sold, nor with few buyers", () => {
    const sold = buyOnlyScript(12);
    sold.advance(10, 60).sell(buyer(3), 500n);
    const few = buyOnlyScript(9);
    for (const s of [sold, few]) {
      expect(codes(scoreToken(tokenProfile(s.market([healthyPool(s)]), { sellSimulation: null }), NOW))).not.to.include(
        "NO_SUCCESSFUL_SELLS",
      );
    }
  });

  it("is folded into HONEYPOT_PATTERN's evidence when the simulation proves it", () => {
    const s = buyOnlyScript(12);
    const sim = simulation(attempt("buy", "fresh", true), attempt("sell", "holder", false, buyer(1)));
    const result = scoreToken(tokenProfile(s.market([healthyPool(s)]), { sellSimulation: sim }), NOW);
    expect(codes(result)).not.to.include("NO_SUCCESSFUL_SELLS");
    expect(result.flags.find((f) => f.code === "HONEYPOT_PATTERN")?.evidence.figures?.nonPrivilegedSells).to.equal(0);
  });
});

describe("token flags: sells as a plain account through an approved router", () => {
  it("a holder's approved sell outweighs its sell with the simulator's code at its address (a contract to the token)", () => {
    // The token silently ignores transfers from contracts: the simulator's own sell delivers nothing.
    const asContract = attempt("sell", "holder", true, buyer(0), 1_000n, 0n);
    const asAccount = { ...attempt("sell", "holder", true, buyer(0), 1_000n, 990n), route: "approved" as const };
    const result = scoreToken(
      unsoldToken({ sellSimulation: simulation(attempt("buy", "fresh", true), asContract, asAccount) }),
      NOW,
    );
    expect(codes(result)).not.to.include("HONEYPOT_PATTERN");
    expect(codes(result)).not.to.include("HIGH_SELL_TAX");
  });

  it("a failed approved sell is a honeypot like any other", () => {
    const asAccount = { ...attempt("sell", "holder", false, buyer(0)), route: "approved" as const };
    const result = scoreToken(
      unsoldToken({ sellSimulation: simulation(attempt("buy", "fresh", true), asAccount) }),
      NOW,
    );
    expect(codes(result)).to.include("HONEYPOT_PATTERN");
  });
});
