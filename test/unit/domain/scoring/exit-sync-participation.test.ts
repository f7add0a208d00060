import { expect } from "chai";
import type { TxHash } from "../../../../src/domain/chain/chain-types";
import { exitSyncParticipation, exitSyncs } from "../../../../src/domain/scoring/market/exit-sync";
import { analyzeMarket } from "../../../../src/domain/scoring/market/trades";
import { DAY, addr } from "./support/builders";
import { MarketScript, UNIT } from "./support/market-script";
import { WALLET_ADDR, peer } from "./support/wallet-fixtures";

const TOKEN = addr(0x7800);
const POOL = addr(0x7801);
const DEV = addr(0x7802);

/** Five holders plus the wallet buy over a week, then all sell at once (the wallet selling `walletSells`). */
function exitScript(walletSells: bigint): { script: MarketScript; walletSell: TxHash } {
  const s = new MarketScript(TOKEN, POOL, DEV);
  s.mint(DEV, 1_000_000n);
  s.advance(5, 10).addLiquidity(DEV, 900_000n, 1_000n * UNIT);
  const sellers = [WALLET_ADDR, peer(11), peer(12), peer(13), peer(14), peer(15)];
  for (const who of sellers) s.advance(40_000, DAY).buy(who, 1_000n);
  s.advance(100_000, 10 * DAY);
  let walletSell: TxHash | null = null;
  for (const who of sellers) {
    const hash = s.advance(60, 300).sell(who, who === WALLET_ADDR ? walletSells : 1_000n);
    if (who === WALLET_ADDR) walletSell = hash;
  }
  return { script: s, walletSell: walletSell! };
}

describe("exit sync participation", () => {
  it("gives the exit the wallet sold in and the wallet's own sell: its hash and chain time", () => {
    const { script, walletSell } = exitScript(1_000n);
    const analysis = analyzeMarket(script.market([script.poolFacts(100_000n, 50_000n)]));
    const [taken, ...more] = exitSyncParticipation(analysis, WALLET_ADDR);
    expect(more).to.deep.equal([]);
    expect(taken?.exit).to.deep.equal(exitSyncs(analysis)[0]);
    expect(taken?.sells.map((s) => s.txHash)).to.deep.equal([walletSell]);
    const sold = script.transfers.find((t) => t.txHash === walletSell)!;
    expect(taken?.sells[0]?.timestamp).to.equal(sold.timestamp);
  });

  it("gives nothing for a wallet that kept most of its position, or did not sell", () => {
    const kept = exitScript(200n).script;
    expect(
      exitSyncParticipation(analyzeMarket(kept.market([kept.poolFacts(100_000n, 50_000n)])), WALLET_ADDR),
    ).to.deep.equal([]);
    const { script } = exitScript(1_000n);
    expect(
      exitSyncParticipation(analyzeMarket(script.market([script.poolFacts(100_000n, 50_000n)])), peer(99)),
    ).to.deep.equal([]);
  });
});
