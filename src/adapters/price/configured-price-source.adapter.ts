import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import { parseAddress } from "../../domain/chain/address";
import type { UpstreamFailure } from "../../application/failures";
import type { PriceSource } from "../../application/ports/price-source.port";

export interface ConfiguredPrice {
  /** Dollars per whole unit. */
  readonly usd: number;
  readonly decimals: number;
}

export interface PriceTable {
  /** The native coin; on Arc it is USDC itself (18 decimals at the native level). */
  readonly native?: ConfiguredPrice | null;
  /** Token address (any letter case) -> price. */
  readonly tokens?: Readonly<Record<string, ConfiguredPrice>>;
}

/** Arc testnet's USDC: the stablecoin, always $1, 6 decimals through its ERC-20 interface. */
export const STABLECOIN_ADDRESS = "0x3600000000000000000000000000000000000000" as Address;
export const STABLECOIN_PRICE: ConfiguredPrice = { usd: 1, decimals: 6 };

/** Raw units to whole units without losing bigint precision in the integer part. */
export function wholeUnits(amount: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  return Number(amount / scale) + Number(amount % scale) / Number(scale);
}

/** Prices from configuration: the stablecoin at 1.0, everything else as listed, the rest unknown (null). */
export class ConfiguredPriceSource implements PriceSource {
  private readonly tokens = new Map<Address, ConfiguredPrice>();
  private readonly native: ConfiguredPrice | null;

  constructor(table: PriceTable = {}) {
    this.tokens.set(STABLECOIN_ADDRESS, STABLECOIN_PRICE);
    for (const [token, price] of Object.entries(table.tokens ?? {})) {
      const address = parseAddress(token);
      if (address === undefined) throw new Error(`price table: not an address: ${token}`);
      this.tokens.set(address, price);
    }
    this.native = table.native ?? null;
  }

  usdValue(asset: Address | "native", amount: bigint): TE.TaskEither<UpstreamFailure, number | null> {
    const price = asset === "native" ? this.native : (this.tokens.get(asset) ?? null);
    return TE.right(price === null ? null : wholeUnits(amount, price.decimals) * price.usd);
  }
}
