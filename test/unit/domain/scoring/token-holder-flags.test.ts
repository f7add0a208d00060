import { expect } from "chai";
import type { TokenHolding } from "../../../../src/domain/chain/chain-types";
import type { HolderQualityInput } from "../../../../src/domain/scoring/profiles/token-profile";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { DAY, addr, complete, creation } from "./support/builders";
import { UNIT } from "./support/market-script";
import {
  DEPLOYER,
  NOW,
  POOL,
  TOKEN,
  buyer,
  healthyPool,
  healthyScript,
  healthyToken,
  tokenProfile,
} from "./support/token-fixtures";
import { codes } from "./support/wallet-fixtures";

/** Holders as listed, with the pool holding the rest of the 1,000,000 supply. */
function withHolders(holders: readonly TokenHolding[]) {
  const listed = holders.reduce((sum, x) => sum + x.balance, 0n);
  const pool = holders.some((x) => x.holder === POOL) ? [] : [{ holder: POOL, balance: 1_000_000n * UNIT - listed }];
  return healthyToken({ holders: complete([...pool, ...holders]) });
}

const h = (holder: number | typeof DEPLOYER, whole: bigint): TokenHolding => ({
  holder: typeof holder === "number" ? buyer(holder) : holder,
  balance: whole * UNIT,
});

describe("token flags: holder distribution", () => {
  it("HIGH_CONCENTRATION fires on a whale (HHI over 2,500), naming the top holders", () => {
    const holders = [h(POOL, 500_000n), h(0, 300_000n), ...Array.from({ length: 20 }, (_, i) => h(i + 1, 10_000n))];
    const flag = scoreToken(withHolders(holders), NOW).flags.find((f) => f.code === "HIGH_CONCENTRATION");
    expect(flag?.evidence.holders?.[0]).to.equal(buyer(0));
    expect(flag?.evidence.figures?.hhi).to.be.at.least(2_500);
  });

  it("HIGH_CONCENTRATION ignores the pool's balance and an even spread", () => {
    const holders = [h(POOL, 900_000n), ...Array.from({ length: 40 }, (_, i) => h(i, 2_500n))];
    expect(codes(scoreToken(withHolders(holders), NOW))).not.to.include("HIGH_CONCENTRATION");
  });

  it("DEPLOYER_HOLDS_MUCH is medium from 20% and high from 50% of the total supply", () => {
    const spread = Array.from({ length: 40 }, (_, i) => h(i, 2_000n));
    const medium = scoreToken(withHolders([h(DEPLOYER, 250_000n), ...spread]), NOW).flags.find(
      (f) => f.code === "DEPLOYER_HOLDS_MUCH",
    );
    expect([medium?.severity, medium?.points]).to.deep.equal(["medium", -10]);
    expect(medium?.evidence.holders).to.deep.equal([DEPLOYER]);
    expect(medium?.evidence.figures).to.deep.equal({ deployerShare: 0.25 });
    const high = scoreToken(withHolders([h(DEPLOYER, 600_000n), ...spread]), NOW).flags.find(
      (f) => f.code === "DEPLOYER_HOLDS_MUCH",
    );
    expect([high?.severity, high?.points]).to.deep.equal(["high", -20]);
  });

  it("DEPLOYER_HOLDS_MUCH does not fire below 20% of the total supply", () => {
    const spread = Array.from({ length: 40 }, (_, i) => h(i, 2_000n));
    expect(codes(scoreToken(withHolders([h(DEPLOYER, 150_000n), ...spread]), NOW))).not.to.include(
      "DEPLOYER_HOLDS_MUCH",
    );
  });

  it("DEPLOYER_HOLDS_MUCH counts pool reserves as circulating: 10% kept beside a deep pool does not fire", () => {
    // The float outside the pool is small (240k), so the deployer's 100k is 42% of it but 10% of the supply.
    const spread = Array.from({ length: 40 }, (_, i) => h(i, 3_500n));
    const result = scoreToken(withHolders([h(POOL, 760_000n), h(DEPLOYER, 100_000n), ...spread]), NOW);
    expect(codes(result)).not.to.include("DEPLOYER_HOLDS_MUCH");
  });

  it("DEPLOYER_HOLDS_MUCH leaves burned tokens out of the supply", () => {
    // 300k of 1M is 30%, but of the 500k not burned it is 60%: high.
    const holders = [
      h(POOL, 150_000n),
      { holder: addr(0xdead), balance: 500_000n * UNIT },
      h(DEPLOYER, 300_000n),
      ...Array.from({ length: 20 }, (_, i) => h(i, 2_500n)),
    ];
    const flag = scoreToken(withHolders(holders), NOW).flags.find((f) => f.code === "DEPLOYER_HOLDS_MUCH");
    expect([flag?.severity, flag?.evidence.figures?.deployerShare]).to.deep.equal(["high", 0.6]);
  });
});

describe("token flags: LOW_HOLDER_QUALITY", () => {
  const quality = (poor: number, total: number): HolderQualityInput[] =>
    Array.from({ length: total }, (_, i) => ({
      holder: buyer(i),
      tier: i < poor && i % 2 === 0 ? "LOW" : i < poor ? "HIGH" : "HIGH",
      ageDays: i < poor && i % 2 === 1 ? 2 : 300,
    }));

  it("fires when 60% or more of assessed buyers are LOW/BLOCKED or fresh", () => {
    const flag = scoreToken(healthyToken({ holderQuality: quality(7, 10) }), NOW).flags.find(
      (f) => f.code === "LOW_HOLDER_QUALITY",
    );
    expect(flag?.evidence.figures).to.deep.equal({ assessed: 10, poor: 7, share: 0.7 });
    expect(flag?.evidence.holders).to.have.length(7);
  });

  it("does not fire at 50%, nor with fewer than 5 assessed; says when nothing was assessed", () => {
    expect(codes(scoreToken(healthyToken({ holderQuality: quality(5, 10) }), NOW))).not.to.include(
      "LOW_HOLDER_QUALITY",
    );
    expect(codes(scoreToken(healthyToken({ holderQuality: quality(4, 4) }), NOW))).not.to.include("LOW_HOLDER_QUALITY");
    const unassessed = scoreToken(healthyToken({ holderQuality: null }), NOW);
    expect(unassessed.limitations).to.include("Purchasing holders' quality was not assessed.");
  });
});

describe("token flags: liquidity", () => {
  it("NO_LIQUIDITY fires without a pool, and the token is still mining", () => {
    const s = healthyScript(5);
    const result = scoreToken(tokenProfile(s.market([])), NOW);
    expect(result.flags.find((f) => f.code === "NO_LIQUIDITY")?.evidence.detail).to.equal(
      "No pool was found for the token.",
    );
    expect(result.state).to.equal("mining");
  });

  it("NO_LIQUIDITY fires on empty reserves; LOW_LIQUIDITY on less than $1,000", () => {
    const s = healthyScript();
    expect(codes(scoreToken(tokenProfile(s.market([s.poolFacts(0n, 0n)])), NOW))).to.include("NO_LIQUIDITY");
    const thin = scoreToken(tokenProfile(s.market([s.poolFacts(1_000n, 300n)])), NOW);
    expect(thin.flags.find((f) => f.code === "LOW_LIQUIDITY")?.evidence.figures?.liquidityUsd).to.equal(600);
  });

  it("neither fires with deep liquidity; an unpriced quote token is a limitation, not a flag", () => {
    const s = healthyScript();
    const unpriced = scoreToken(tokenProfile(s.market([s.poolFacts(1_000n, 300n, null)])), NOW);
    expect(codes(unpriced)).not.to.include("LOW_LIQUIDITY");
    expect(unpriced.limitations.join(" ")).to.include("not valued in dollars");
    expect(codes(scoreToken(tokenProfile(s.market([healthyPool(s)])), NOW))).to.deep.equal([]);
  });
});

describe("token flags: deployer trust and contract age", () => {
  it("DEPLOYER_LOW_TRUST is medium for a LOW deployer, high for a BLOCKED one, absent otherwise", () => {
    const low = scoreToken(healthyToken({ deployerWalletScore: { score: 20, tier: "LOW" } }), NOW).flags.find(
      (f) => f.code === "DEPLOYER_LOW_TRUST",
    );
    expect([low?.severity, low?.evidence.counterparties]).to.deep.equal(["medium", [DEPLOYER]]);
    const blocked = scoreToken(healthyToken({ deployerWalletScore: { score: 3, tier: "BLOCKED" } }), NOW).flags.find(
      (f) => f.code === "DEPLOYER_LOW_TRUST",
    );
    expect(blocked?.severity).to.equal("high");
    expect(codes(scoreToken(healthyToken({ deployerWalletScore: { score: 50, tier: "MEDIUM" } }), NOW))).not.to.include(
      "DEPLOYER_LOW_TRUST",
    );
  });

  it("YOUNG_CONTRACT fires under 7 days (chain time) and names the creation transaction", () => {
    const young = creation(TOKEN, DEPLOYER, NOW - 3 * DAY);
    const flag = scoreToken(healthyToken({ creation: young }), NOW).flags.find((f) => f.code === "YOUNG_CONTRACT");
    expect(flag?.evidence.txHashes).to.deep.equal([young.txHash]);
    expect(codes(scoreToken(healthyToken({ creation: creation(TOKEN, DEPLOYER, NOW - 8 * DAY) }), NOW))).not.to.include(
      "YOUNG_CONTRACT",
    );
  });

  it("states an unknown creation instead of guessing an age", () => {
    const result = scoreToken(healthyToken({ creation: null }), NOW);
    expect(codes(result)).not.to.include("YOUNG_CONTRACT");
    expect(result.limitations.join(" ")).to.include("creation (deployer, date) is unknown");
  });
});

describe("token: burn addresses", () => {
  it("treats the burn address as parked supply", () => {
    const holders = [
      h(POOL, 500_000n),
      { holder: addr(0xdead), balance: 400_000n * UNIT },
      ...Array.from({ length: 40 }, (_, i) => h(i, 2_500n)),
    ];
    expect(codes(scoreToken(withHolders(holders), NOW))).not.to.include("HIGH_CONCENTRATION");
  });
});
