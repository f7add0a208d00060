import { expect } from "chai";
import { id } from "ethers";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import {
  ConfiguredPriceSource,
  STABLECOIN_ADDRESS,
  wholeUnits,
} from "../../../../src/adapters/price/configured-price-source.adapter";
import { UniswapV2PoolPriceSource } from "../../../../src/adapters/price/uniswap-v2-pool-price-source.adapter";
import type { CallOutcome, CallRequest, ChainReader } from "../../../../src/application/ports/chain-reader.port";
import type { Address } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import { addr, TOKEN, word } from "../../domain/staking/staking-fixtures";
import { FakeStakingWorld } from "../../../support/fakes/fake-staking-world";

const value = async (
  source: { usdValue: ConfiguredPriceSource["usdValue"] },
  asset: Address | "native",
  amount: bigint,
) => {
  const result = await source.usdValue(asset, amount)();
  if (E.isLeft(result)) throw new Error(result.left.detail);
  return result.right;
};

describe("ConfiguredPriceSource", () => {
  it("prices the stablecoin at $1 with 6 decimals, listed tokens and the native coin as configured", async () => {
    const prices = new ConfiguredPriceSource({
      native: { usd: 1, decimals: 18 },
      tokens: { [TOKEN.toUpperCase().replace("0X", "0x")]: { usd: 2.5, decimals: 18 } },
    });
    expect(await value(prices, STABLECOIN_ADDRESS, 1_500_000n)).to.equal(1.5);
    expect(await value(prices, TOKEN, 4n * 10n ** 18n)).to.equal(10);
    expect(await value(prices, "native", 3n * 10n ** 17n)).to.be.closeTo(0.3, 1e-12);
    expect(await value(prices, addr("77"), 1n)).to.equal(null);
    expect(await value(new ConfiguredPriceSource(), "native", 1n)).to.equal(null);
  });

  it("keeps precision for amounts far beyond 2^53 raw units", () => {
    expect(wholeUnits(123_456_789_012_345_678_901_234_567n, 18)).to.be.closeTo(123_456_789.0123456789, 1e-6);
  });

  it("refuses a table with a bad address", () => {
    expect(() => new ConfiguredPriceSource({ tokens: { nope: { usd: 1, decimals: 6 } } })).to.throw("not an address");
  });
});

describe("UniswapV2PoolPriceSource", () => {
  const factory = addr("fac");
  const pair = addr("9a1");
  const scam = addr("5ca");
  const returns = (...words: (bigint | Address)[]): CallOutcome => ({
    ok: true,
    returnData: `0x${words.map((w) => word(typeof w === "bigint" ? w : BigInt(w))).join("")}` as Hex,
  });

  function chainWithPool(reserveToken: bigint, reserveUsdc: bigint): ChainReader {
    const world = new FakeStakingWorld();
    const call = (request: CallRequest): TE.TaskEither<never, CallOutcome> => {
      const selector = request.data.slice(0, 10);
      if (request.to === factory && selector === id("getPair(address,address)").slice(0, 10)) {
        return TE.right(returns(request.data.includes(TOKEN.slice(2)) ? pair : 0n));
      }
      if (request.to === pair && selector === id("token0()").slice(0, 10)) return TE.right(returns(STABLECOIN_ADDRESS));
      if (request.to === pair && selector === id("getReserves()").slice(0, 10))
        return TE.right(returns(reserveUsdc, reserveToken, 1n));
      return TE.right({ ok: false, revertData: "0x" as Hex, reason: null });
    };
    return { ...world, call };
  }

  const source = (chain: ChainReader) =>
    new UniswapV2PoolPriceSource(
      chain,
      { factory, quoteToken: STABLECOIN_ADDRESS },
      new ConfiguredPriceSource({ tokens: { [scam]: { usd: 0.5, decimals: 18 } } }),
    );

  it("values a token by what selling it into its stablecoin pool would return", async () => {
    // 1,000 TOKEN against 2,000 USDC: spot $2; selling 10 TOKEN returns 2000*10/1010 ≈ $19.80.
    const prices = source(chainWithPool(1_000n * 10n ** 18n, 2_000n * 10n ** 6n));
    expect(await value(prices, TOKEN, 10n * 10n ** 18n)).to.be.closeTo(19.80198, 1e-5);
    // A stake ten times the pool cannot be worth more than the pool's dollars.
    expect(await value(prices, TOKEN, 10_000n * 10n ** 18n)).to.be.lessThan(2_000);
  });

  it("prefers configured prices, and says null when there is no pool", async () => {
    const prices = source(chainWithPool(1n, 1n));
    expect(await value(prices, scam, 2n * 10n ** 18n)).to.equal(1);
    expect(await value(prices, addr("404"), 10n ** 18n)).to.equal(null);
    expect(await value(prices, STABLECOIN_ADDRESS, 10n ** 6n)).to.equal(1);
  });
});
