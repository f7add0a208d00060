import { expect } from "chai";
import type { TokenTransfer } from "../../../../src/domain/chain/chain-types";
import type { DeploymentContext } from "../../../../src/domain/scoring/profiles/wallet-profile";
import { HIGH_FLAG_SCORE_CAP } from "../../../../src/domain/scoring/tiers";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { DAY, T0, addr, complete, transfer, truncated } from "./support/builders";
import { MarketScript, UNIT } from "./support/market-script";
import { NOW, STABLE, WALLET_ADDR, healthyWallet, peer, withTransfers } from "./support/wallet-fixtures";

function washTrips(): TokenTransfer[] {
  return [0, 1, 2].flatMap((i) => [
    transfer({ token: STABLE, from: WALLET_ADDR, to: peer(1), value: 100n, timestamp: T0 + (150 + i) * DAY }),
    transfer({ token: STABLE, from: peer(1), to: WALLET_ADDR, value: 100n, timestamp: T0 + (150 + i) * DAY + 60 }),
  ]);
}

function ruggedDeployment(token: number): DeploymentContext {
  const s = new MarketScript(addr(token), addr(token + 1), WALLET_ADDR);
  s.mint(WALLET_ADDR, 1_000n);
  s.addLiquidity(WALLET_ADDR, 1_000n, 100n * UNIT);
  s.advance(10, DAY).removeLiquidity(WALLET_ADDR, 100n * UNIT, 990n);
  return {
    contract: addr(token),
    creationTxHash: s.transfers[0]!.txHash,
    createdAt: T0,
    transactions: complete([]),
    market: s.market([s.poolFacts(0n, 0n)]),
  };
}

describe("scoreWallet: staking boost", () => {
  it("adds the boost, bounded to 10 points", () => {
    const plain = scoreWallet(healthyWallet(), NOW);
    const boosted = scoreWallet(healthyWallet({ staking: { scoreBoost: 25, gamingFlags: [] } }), NOW);
    expect(boosted.breakdown.stakingBoostOffered).to.equal(25);
    expect(boosted.breakdown.stakingBoostApplied).to.equal(10);
    expect(boosted.score).to.equal(Math.min(100, Math.round(plain.breakdown.raw + 10)));
  });

  it("never lifts a wallet with a high-severity flag above the MEDIUM ceiling", () => {
    const washing = withTransfers(healthyWallet({ staking: { scoreBoost: 10, gamingFlags: [] } }), washTrips());
    const result = scoreWallet(washing, NOW);
    expect(result.breakdown.stakingBoostApplied).to.equal(0);
    expect(result.score).to.be.at.most(HIGH_FLAG_SCORE_CAP);
    expect(result.tier).to.equal("MEDIUM");
    expect(result.breakdown.ceilingReason).to.include("WASH_TRADING");
  });

  it("keeps a BLOCKED wallet BLOCKED whatever the boost", () => {
    const result = scoreWallet(
      healthyWallet({ deployments: [ruggedDeployment(0x8800)], staking: { scoreBoost: 10, gamingFlags: [] } }),
      NOW,
    );
    expect(result.tier).to.equal("BLOCKED");
    expect(result.breakdown.stakingBoostApplied).to.equal(0);
    expect(result.score).to.be.at.most(10);
  });
});

describe("scoreWallet: flags are reported once per code", () => {
  it("merges two rugged deployments into one flag with the count", () => {
    const result = scoreWallet(
      healthyWallet({ deployments: [ruggedDeployment(0x8800), ruggedDeployment(0x8900)] }),
      NOW,
    );
    const rugs = result.flags.filter((f) => f.code === "RUGGED_DEPLOYMENT");
    expect(rugs).to.have.length(1);
    expect(rugs[0]?.evidence.figures?.occurrences).to.equal(2);
    expect(result.breakdown.penalties).to.equal(-60);
  });
});

describe("scoreWallet: confidence and limitations", () => {
  it("drops confidence and says so when the history was truncated", () => {
    const full = healthyWallet();
    const cut = { ...full, transactions: truncated(full.transactions.items, 71) };
    const result = scoreWallet(cut, NOW);
    expect(result.confidence).to.equal(75);
    expect(result.limitations.join(" ")).to.include("Only the newest 71 transactions were read");
  });

  it("drops confidence further for a short history than for a truncated one", () => {
    const full = healthyWallet();
    const short = {
      ...full,
      transactions: complete(full.transactions.items.slice(0, 10)),
      tokenTransfers: complete(full.tokenTransfers.items.slice(0, 2)),
    };
    // Was 85 from a fixed cost; the evidence cap now sets it from the 12 events, their days and counterparties.
    expect(scoreWallet(short, NOW).confidence).to.be.below(85);
    expect(scoreWallet(short, NOW).coverage).to.equal("partial");
    expect(scoreWallet(short, NOW).limitations.join(" ")).to.include("Short history");
  });

  it("states skipped traded tokens and deployments", () => {
    const result = scoreWallet(healthyWallet({ tradedTokensSkipped: 3, deploymentsSkipped: 1 }), NOW);
    expect(result.confidence).to.equal(85);
    expect(result.limitations.join(" ")).to.include("3 traded token(s) were not examined");
    expect(result.limitations.join(" ")).to.include("1 deployment(s) were not examined");
  });

  it("scores an address with no history at all without failing", () => {
    const result = scoreWallet(
      {
        ...healthyWallet(),
        transactions: complete([]),
        tokenTransfers: complete([]),
        funding: null,
        nativeBalance: 0n,
      },
      NOW,
    );
    expect(result.score).to.equal(0);
    // Never seen: coverage none and confidence <= 10 (was 65, which read as a confident LOW).
    expect(result.coverage).to.equal("none");
    expect(result.confidence).to.be.at.most(10);
    expect(result.limitations[0]).to.include("No history");
    expect(result.explanation.recommendation.action).to.equal("review");
  });
});
