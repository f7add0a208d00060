import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import {
  type ReferenceToken,
  airdropSpamFlag,
  foldName,
  impersonationFlag,
  withShippedIdentities,
} from "../../../../src/domain/scoring/token/impersonation";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { addr, transfer } from "./support/builders";
import { NOW, healthyToken } from "./support/token-fixtures";

const USDC = { address: addr(0x3600), name: "USD Coin", symbol: "USDC", why: "official issuer" as const };
const meta = (name: string, symbol: string) => ({ name, symbol, decimals: 6, totalSupply: 1n });

describe("IMPERSONATES_OFFICIAL", () => {
  it("folds case, separators and look-alike characters", () => {
    expect(foldName("U$D-С0in")).to.equal(foldName("usd coin"));
    expect(foldName("USDС")).to.equal("usdc");
  });

  it("fires on a folded name or symbol match at another address, naming the imitated token", () => {
    const flag = impersonationFlag(addr(0xbad), meta("Totally Real", "USDС"), [USDC]);
    expect(flag?.evidence.counterparties).to.deep.equal([USDC.address]);
    expect(flag?.evidence.figures?.matched).to.equal("symbol");
    expect(impersonationFlag(addr(0xbad), meta("usd  coin", "UC"), [USDC])?.evidence.figures?.matched).to.equal("name");
  });

  it("fires against a configured well-known token (WELL_KNOWN_TOKENS) and says which kind it imitates", () => {
    const wbtc = { address: addr(0xb7c), name: "Wrapped BTC", symbol: "WBTC", why: "well-known token" as const };
    const flag = impersonationFlag(addr(0xbad), meta("Wrapped Bitcoin", "WBTC"), [USDC, wbtc]);
    expect(flag?.evidence.counterparties).to.deep.equal([wbtc.address]);
    expect(flag?.evidence.detail).to.include("well-known token Wrapped BTC");
    expect(impersonationFlag(addr(0xbad), meta("Wrapped  btc", "XBT"), [wbtc])?.evidence.figures?.matched).to.equal(
      "name",
    );
  });

  it("does not fire on the official address itself nor on a name that only contains it", () => {
    expect(impersonationFlag(USDC.address, meta("USD Coin", "USDC"), [USDC])).to.equal(null);
    expect(impersonationFlag(addr(0xf00), meta("USDC Fan Club", "USDCFC"), [USDC])).to.equal(null);
  });
});

describe("IMPERSONATES_OFFICIAL against the shipped list of well-known tokens", () => {
  const scored = (name: string, symbol: string, references: readonly ReferenceToken[] = []) =>
    scoreToken(healthyToken({ metadata: { name, symbol, decimals: 6, totalSupply: 10n ** 12n }, references }), NOW);
  const raised = (result: ReturnType<typeof scoreToken>) =>
    result.flags.find((f) => f.code === "IMPERSONATES_OFFICIAL");

  it("fires on Tether USD at an address nobody configured, with no configured reference at all", () => {
    const flag = raised(scored("Tether USD", "USDT"));
    expect(flag?.evidence.figures).to.include({ matched: "name and symbol", imitated: "shipped list" });
    expect(flag?.evidence.detail).to.include("well-known token Tether USD (USDT)");
    expect(raised(scored("Wrapped  Ether", "XWETH"))?.evidence.figures?.matched).to.equal("name");
    expect(raised(scored("Totally Real", "SH1B"))?.evidence.figures?.matched).to.equal("symbol");
  });

  it("lets a configured reference win: the configured address is the real one, any other is the copy", () => {
    const usdt = { address: addr(0x7e7), name: "Tether USD", symbol: "USDT", why: "well-known token" as const };
    expect(impersonationFlag(usdt.address, meta("Tether USD", "USDT"), withShippedIdentities([usdt]))).to.equal(null);
    const copy = impersonationFlag(addr(0xbad), meta("Tether USD", "USDT"), withShippedIdentities([usdt]));
    expect(copy?.evidence.counterparties).to.deep.equal([usdt.address]);
  });

  it("does not fire on names that only contain a well-known one, nor on unrelated tokens", () => {
    for (const [name, symbol] of [
      ["Tether USD Club", "TUSDC"],
      ["Moon Pepe", "MOOPEP"],
      ["Fixture", "FIX"],
    ] as const)
      expect(raised(scored(name, symbol)), name).to.equal(undefined);
  });
});

describe("AIRDROP_SPAM", () => {
  const token = addr(0x70c);
  const sender = addr(0x5e4d);
  const spray = (n: number, seconds = 10) =>
    Array.from({ length: n }, (_, i) =>
      transfer({ token, from: sender, to: addr(0x10000 + i), value: 1n, timestamp: 1_000 + i * seconds }),
    );

  it("fires when one sender reaches 30 passive addresses within a day", () => {
    const flag = airdropSpamFlag(
      [transfer({ token, from: ZERO_ADDRESS, to: sender, value: 100n, timestamp: 1 }), ...spray(30)],
      new Set(),
    );
    expect(flag?.evidence.figures?.recipients).to.equal(30);
    expect(flag?.evidence.counterparties).to.deep.equal([sender]);
  });

  it("does not fire below 30 recipients, over more than a day, or when recipients trade it on", () => {
    expect(airdropSpamFlag(spray(29), new Set())).to.equal(null);
    expect(airdropSpamFlag(spray(40, 4_000), new Set())).to.equal(null);
    const active = spray(30).flatMap((t, i) => [
      t,
      transfer({ token, from: t.to, to: addr(0x90000 + i), value: 1n, timestamp: 5_000 }),
    ]);
    expect(airdropSpamFlag(active, new Set())).to.equal(null);
  });
});
