import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { DAY, addr } from "./support/builders";
import { UNIT } from "./support/market-script";
import { DEPLOYER, NOW, POOL, buyer, healthyPool, healthyScript, tokenProfile } from "./support/token-fixtures";
import { codes } from "./support/wallet-fixtures";

const FUNDER = addr(0xfeed);

function score(script: ReturnType<typeof healthyScript>, overrides: Parameters<typeof tokenProfile>[1] = {}) {
  return scoreToken(tokenProfile(script.market([healthyPool(script)]), overrides), NOW);
}

describe("token flags: COORDINATED_BUY", () => {
  /** Healthy history, then six new buyers within `spread * 6` blocks. */
  function clustered(spread: number) {
    const s = healthyScript(20);
    const cluster = Array.from({ length: 6 }, (_, i) => addr(0x20000 + i));
    s.advance(1_000, DAY);
    for (const who of cluster) s.advance(spread, 2).buy(who, 2_000n);
    return { s, cluster };
  }
  const fundedBy = (buyers: readonly Address[], funder: (i: number) => Address) =>
    new Map(buyers.map((b, i) => [b, { funder: funder(i), fundedAt: 0 }] as const));

  it("fires on 6 first-time buyers within 5 blocks funded from one source", () => {
    const { s, cluster } = clustered(0);
    const result = score(s, { buyerFunding: fundedBy(cluster, () => FUNDER) });
    const flag = result.flags.find((f) => f.code === "COORDINATED_BUY");
    expect(flag?.evidence.counterparties).to.deep.equal([FUNDER]);
    expect(flag?.evidence.holders).to.deep.equal(cluster);
    expect(flag?.evidence.txHashes).to.have.length(6);
    expect(flag?.evidence.blocks).to.have.length(2);
  });

  it("does not fire when the buyers were funded independently, or bought far apart", () => {
    const independent = clustered(0);
    expect(
      codes(score(independent.s, { buyerFunding: fundedBy(independent.cluster, (i) => addr(0x30000 + i)) })),
    ).not.to.include("COORDINATED_BUY");
    const apart = clustered(10);
    expect(codes(score(apart.s, { buyerFunding: fundedBy(apart.cluster, () => FUNDER) }))).not.to.include(
      "COORDINATED_BUY",
    );
  });

  it("states the dense window as a limitation when buyer funding was not read", () => {
    const { s } = clustered(0);
    const result = score(s, { buyerFunding: null });
    expect(codes(result)).not.to.include("COORDINATED_BUY");
    expect(result.limitations.join(" ")).to.include("COORDINATED_BUY could not be checked");
  });
});

describe("token flags: EXIT_SYNC and COORDINATED_EXIT", () => {
  function exiting(sellers: number, gapSeconds: number, deployerSells = 0n) {
    const s = healthyScript();
    s.advance(5_000, DAY);
    for (let i = 0; i < sellers; i++) s.advance(30, gapSeconds).sell(buyer(i * 2), 4_000n);
    if (deployerSells > 0n) s.advance(1, 5).sell(DEPLOYER, deployerSells);
    return s;
  }

  it("EXIT_SYNC fires when 5 holders sell most of their position within an hour", () => {
    const flag = score(exiting(5, 300)).flags.find((f) => f.code === "EXIT_SYNC");
    expect(flag?.evidence.holders).to.have.length(5);
    expect(flag?.evidence.txHashes).to.have.length(5);
    expect(flag?.severity).to.equal("high");
  });

  it("EXIT_SYNC does not fire for 4 sellers or for sells spread over hours", () => {
    expect(codes(score(exiting(4, 300)))).not.to.include("EXIT_SYNC");
    expect(codes(score(exiting(5, 2 * 3_600)))).not.to.include("EXIT_SYNC");
  });

  it("COORDINATED_EXIT fires and blocks when the deployer dumps inside the exit window", () => {
    const result = score(exiting(5, 300, 45_000n));
    expect(result.flags.find((f) => f.code === "COORDINATED_EXIT")?.evidence.counterparties).to.deep.equal([DEPLOYER]);
    expect(result.tier).to.equal("BLOCKED");
  });

  it("COORDINATED_EXIT does not fire when the deployer stays put", () => {
    expect(codes(score(exiting(5, 300)))).not.to.include("COORDINATED_EXIT");
  });
});

describe("token flags: deployer dumping, rugs and liquidity removal", () => {
  it("DEPLOYER_DUMPED fires when the deployer sells most of what it kept (liquidity excluded)", () => {
    const s = healthyScript();
    s.advance(100, 600).sell(DEPLOYER, 40_000n);
    const flag = score(s).flags.find((f) => f.code === "DEPLOYER_DUMPED");
    expect(flag?.evidence.figures?.soldShare).to.equal(0.8);
  });

  it("DEPLOYER_DUMPED does not fire for a small sale", () => {
    const s = healthyScript();
    s.advance(100, 600).sell(DEPLOYER, 10_000n);
    expect(codes(score(s))).not.to.include("DEPLOYER_DUMPED");
  });

  it("RUG_PULL fires and blocks when the deployer removes the pool's liquidity", () => {
    const s = healthyScript();
    s.advance(100, 600).removeLiquidity(DEPLOYER, 950n * UNIT, 700_000n);
    const result = score(s);
    const flag = result.flags.find((f) => f.code === "RUG_PULL");
    expect(flag?.evidence.counterparties).to.deep.equal([DEPLOYER, POOL]);
    expect(flag?.evidence.txHashes).to.have.length(1);
    expect(result.tier).to.equal("BLOCKED");
  });

  it("LIQUIDITY_REMOVED (not a rug) when an outside provider withdraws; nothing for a partial withdrawal", () => {
    const outsider = addr(0x4444);
    const s = healthyScript();
    s.advance(10, 60).addLiquidity(outsider, 10_000n, 9_000n * UNIT);
    s.advance(100, 600).removeLiquidity(outsider, 9_000n * UNIT, 10_000n);
    const result = score(s);
    expect(codes(result)).to.include("LIQUIDITY_REMOVED");
    expect(codes(result)).not.to.include("RUG_PULL");
    const partial = healthyScript();
    partial.advance(100, 600).removeLiquidity(DEPLOYER, 300n * UNIT, 200_000n);
    const partialCodes = codes(score(partial));
    expect(partialCodes).not.to.include("RUG_PULL");
    expect(partialCodes).not.to.include("LIQUIDITY_REMOVED");
  });
});
