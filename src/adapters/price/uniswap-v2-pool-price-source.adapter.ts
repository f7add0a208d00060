import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../application/failures";
import type { ChainReader } from "../../application/ports/chain-reader.port";
import type { PriceSource } from "../../application/ports/price-source.port";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { addressFromWord, addressTopic, wordAt } from "../../domain/chain/abi-words";

export interface UniswapV2PricingConfig {
  readonly factory: Address;
  /** The token pools are looked up against (the stablecoin); the fallback source prices it. */
  readonly quoteToken: Address;
}

const GET_PAIR = "0xe6a43905";
const TOKEN0 = "0x0dfe1681";
const GET_RESERVES = "0x0902f1ac";

type Read<T> = TE.TaskEither<UpstreamFailure, T>;

/**
 * Prices tokens the configuration does not know from their Uniswap-V2 pool against the quote
 * token. The value is what selling `amount` into the pool would return (x*y=k, fee ignored),
 * not spot price times amount: a thin pool cannot make a large stake look rich.
 */
export class UniswapV2PoolPriceSource implements PriceSource {
  constructor(
    private readonly chain: ChainReader,
    private readonly config: UniswapV2PricingConfig,
    private readonly fallback: PriceSource,
  ) {}

  usdValue(asset: Address | "native", amount: bigint): Read<number | null> {
    if (asset === "native" || asset === this.config.quoteToken) return this.fallback.usdValue(asset, amount);
    return pipe(
      this.fallback.usdValue(asset, amount),
      TE.chain((configured) => (configured !== null ? TE.right(configured) : this.fromPool(asset, amount))),
    );
  }

  private fromPool(token: Address, amount: bigint): Read<number | null> {
    const quote = this.config.quoteToken;
    return pipe(
      this.callAddress(
        this.config.factory,
        `${GET_PAIR}${addressTopic(token).slice(2)}${addressTopic(quote).slice(2)}`,
      ),
      TE.chain((pair) =>
        pair === null || /^0x0{40}$/.test(pair) ? TE.right(null) : this.quoteOut(pair, token, amount),
      ),
      TE.chain((quoteAmount) => (quoteAmount === null ? TE.right(null) : this.fallback.usdValue(quote, quoteAmount))),
    );
  }

  private quoteOut(pair: Address, token: Address, amount: bigint): Read<bigint | null> {
    return pipe(
      TE.Do,
      TE.bind("token0", () => this.callAddress(pair, TOKEN0)),
      TE.bind("reserves", () => this.call(pair, GET_RESERVES)),
      TE.map(({ token0, reserves }) => {
        const r0 = reserves === null ? null : wordAt(reserves, 0);
        const r1 = reserves === null ? null : wordAt(reserves, 1);
        if (token0 === null || r0 === null || r1 === null) return null;
        const [reserveIn, reserveOut] = token0 === token ? [r0, r1] : [r1, r0];
        return reserveIn + amount === 0n ? null : (reserveOut * amount) / (reserveIn + amount);
      }),
    );
  }

  private call(to: Address, data: string): Read<Hex | null> {
    return pipe(
      this.chain.call({ to, data: data as Hex }),
      TE.map((outcome) => (outcome.ok ? outcome.returnData : null)),
    );
  }

  /** The first 32-byte word of the answer, read as an address. */
  private callAddress(to: Address, data: string): Read<Address | null> {
    return pipe(
      this.call(to, data),
      TE.map((hex) => (hex === null ? null : addressFromWord(hex.slice(0, 66)))),
    );
  }
}
