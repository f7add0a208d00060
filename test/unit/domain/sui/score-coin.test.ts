import { expect } from "chai";
import { scoreCoin, COIN_BASE_SCORE } from "../../../../src/domain/sui/score-coin";
import { asCoinType, asSuiAddress } from "../../../../src/domain/sui/sui-address";
import type { SuiCoinInfo } from "../../../../src/domain/sui/sui-facts";

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const coinType = asCoinType("0xabc::coin::COIN");
const eoa = { kind: "address" as const, address: asSuiAddress("0xdeployer".replace("deployer", "d")) };

const base: SuiCoinInfo = {
  coinType,
  metadata: { name: "Coin", symbol: "COIN", description: "a coin", iconUrl: "https://x.test/i.png", decimals: 9 },
  metadataCapExists: false,
  supply: { totalSupply: 1000n, state: "fixed", capHolder: null },
  regulation: null,
  publishedAtMs: NOW - 400 * DAY,
  holders: { topBalances: Array.from({ length: 20 }, () => 50n), holderCount: 20 },
};
const codes = (info: SuiCoinInfo) => scoreCoin(info, new Set(), NOW).flags.map((f) => f.code);

describe("scoreCoin", () => {
  it("gives an old, complete, fixed-supply, widely held coin a high score with every signal summed from 50", () => {
    const scored = scoreCoin(base, new Set(), NOW);
    expect(scored.score).to.equal(COIN_BASE_SCORE + 10 + 20 + 10 + 5);
    expect(scored.tier).to.equal("ELITE");
    expect(scored.flags).to.deep.equal([]);
    expect(scored.signals.reduce((s, x) => s + x.points, COIN_BASE_SCORE)).to.equal(scored.score);
  });

  it("penalises an account-held TreasuryCap more than one held by an object", () => {
    const byAccount = scoreCoin(
      { ...base, supply: { totalSupply: 1n, state: "mintable", capHolder: eoa } },
      new Set(),
      NOW,
    );
    const byObject = scoreCoin(
      { ...base, supply: { totalSupply: 1n, state: "mintable", capHolder: { kind: "object", objectId: eoa.address } } },
      new Set(),
      NOW,
    );
    expect(byAccount.flags.map((f) => f.code)).to.deep.equal(["MINT_CAP_HELD_BY_ADDRESS"]);
    expect(byAccount.score).to.be.below(byObject.score);
  });

  it("flags a deny list, and a global pause on top of it", () => {
    expect(codes({ ...base, regulation: { denyCapHolder: eoa, allowGlobalPause: false } })).to.deep.equal([
      "DENY_LIST",
    ]);
    expect(codes({ ...base, regulation: { denyCapHolder: eoa, allowGlobalPause: true } })).to.deep.equal([
      "DENY_LIST",
      "GLOBAL_PAUSE",
    ]);
  });

  it("flags a coin published less than 7 days ago (chain time), a mutable metadata and a concentrated supply", () => {
    const info = {
      ...base,
      metadataCapExists: true,
      publishedAtMs: NOW - 2 * 3_600_000,
      holders: { topBalances: [900n, 50n, 50n], holderCount: 3 },
    };
    expect(codes(info)).to.deep.equal(["METADATA_MUTABLE", "YOUNG_COIN", "HOLDER_CONCENTRATION"]);
  });

  it("marks a configured coin VERIFIED and lowers confidence for what could not be read", () => {
    const scored = scoreCoin({ ...base, holders: null, publishedAtMs: null }, new Set([coinType]), NOW);
    expect(scored).to.include({ verified: true, tier: "VERIFIED" });
    expect(scored.confidence).to.be.below(scoreCoin(base, new Set(), NOW).confidence);
  });

  it("scores a coin without metadata with NO_METADATA", () => {
    expect(codes({ ...base, metadata: null })).to.deep.equal(["NO_METADATA"]);
  });
});
