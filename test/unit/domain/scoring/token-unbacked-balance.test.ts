import { expect } from "chai";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { MarketScript } from "./support/market-script";
import { DEPLOYER, NOW, POOL, TOKEN, buyer, healthyPool, tokenProfile } from "./support/token-fixtures";
import { codes } from "./support/wallet-fixtures";

const UNIT = 10n ** 18n;

/** A launch with buyers; `hidden` then sells tokens no Transfer event ever gave it. */
function launch(hidden: { seller: ReturnType<typeof buyer>; amount: bigint } | null, mintEvent = true): MarketScript {
  const s = new MarketScript(TOKEN, POOL, DEPLOYER);
  if (mintEvent) s.mint(DEPLOYER, 1_000_000n);
  s.advance(5, 10).addLiquidity(DEPLOYER, 900_000n, 10n ** 21n);
  for (let i = 0; i < 6; i++) s.advance(100, 3_600).buy(buyer(i), 2_000n);
  s.advance(10, 60).sell(buyer(2), 1_500n);
  if (hidden !== null) s.advance(10, 60).sell(hidden.seller, hidden.amount);
  return s;
}

const scored = (s: MarketScript) =>
  scoreToken(
    tokenProfile(s.market([healthyPool(s)]), {
      metadata: { name: "Fixture", symbol: "FIX", decimals: 18, totalSupply: 1_000_000n * UNIT },
    }),
    NOW,
  );

describe("token flags: BALANCE_WITHOUT_TRANSFER", () => {
  it("fires on an address that sells tokens no Transfer event gave it (a balance written in assembly)", () => {
    const insider = buyer(40);
    const result = scored(launch({ seller: insider, amount: 50_000n }));
    const flag = result.flags.find((f) => f.code === "BALANCE_WITHOUT_TRANSFER");
    expect(flag?.evidence.holders).to.deep.equal([insider]);
    expect(flag?.severity).to.equal("high");
  });

  it("does not fire on ordinary holders, nor on a deployer whose constructor assigned the supply without an event", () => {
    expect(codes(scored(launch(null)))).not.to.include("BALANCE_WITHOUT_TRANSFER");
    expect(codes(scored(launch(null, false)))).not.to.include("BALANCE_WITHOUT_TRANSFER");
  });

  it("does not fire on reflection-sized gains (a holder selling a little more than it received)", () => {
    const s = launch(null);
    s.advance(10, 60).sell(buyer(4), 2_100n);
    expect(codes(scored(s))).not.to.include("BALANCE_WITHOUT_TRANSFER");
  });
});
