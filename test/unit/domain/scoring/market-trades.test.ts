import { expect } from "chai";
import { analyzeMarket } from "../../../../src/domain/scoring/market/trades";
import { DAY, addr } from "./support/builders";
import { MarketScript, UNIT } from "./support/market-script";

const TOKEN = addr(0x7900);
const POOL = addr(0x7901);
const DEV = addr(0x7902);
const HOLDER = addr(0x7903);

describe("market trades: liquidity moves are not trades, a holder's sell beside them is", () => {
  it("counts a sell that made the token add liquidity itself (swap-and-liquify), not the token's or provider's moves", () => {
    const s = new MarketScript(TOKEN, POOL, DEV);
    s.mint(DEV, 1_000_000n);
    const added = s.advance(5, 10).addLiquidity(DEV, 900_000n, 1_000n * UNIT);
    s.advance(10, DAY).buy(HOLDER, 1_000n);
    const sold = s.advance(10, DAY).sellWithAutoLiquidity(HOLDER, 500n, 20n, DEV, 5n * UNIT);
    const { trades } = analyzeMarket(s.market([s.poolFacts(900_000n, 50_000n)]));
    expect(trades.map((t) => [t.kind, t.trader, t.amount])).to.deep.equal([
      ["buy", HOLDER, 1_000n * UNIT],
      ["sell", HOLDER, 500n * UNIT],
    ]);
    expect(trades.some((t) => t.txHash === added)).to.equal(false);
    expect(trades.find((t) => t.kind === "sell")?.txHash).to.equal(sold);
  });

  it("leaves out a removal's payout to the remover", () => {
    const s = new MarketScript(TOKEN, POOL, DEV);
    s.mint(DEV, 1_000_000n);
    s.advance(5, 10).addLiquidity(DEV, 900_000n, 1_000n * UNIT);
    s.advance(10, DAY).removeLiquidity(DEV, 500n * UNIT, 450_000n);
    expect(analyzeMarket(s.market([s.poolFacts(450_000n, 25_000n)])).trades).to.deep.equal([]);
  });
});
