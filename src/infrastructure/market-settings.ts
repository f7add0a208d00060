import type { Address } from "../domain/chain/address";
import type { Config } from "./config/config";

/** Where Arc keeps USDC's ERC-20 interface: the default official issuer and quote token. */
const ARC_USDC = "0x3600000000000000000000000000000000000000" as Address;

/** Where markets and staking live on the scored chain (the embedded world's own lie under the configuration). */
export interface MarketSettings {
  readonly officialIssuers: readonly Address[];
  /** Uniswap V2-style factories where pools are found; the first one also prices staked tokens. */
  readonly dexFactories: readonly Address[];
  readonly dexRouters: readonly Address[];
  /** Tokens pools are quoted in (stablecoin first). */
  readonly quoteTokens: readonly Address[];
  readonly stakingContracts: readonly Address[];
}

export function marketSettings(config: Config): MarketSettings {
  return {
    officialIssuers: config.env.OFFICIAL_ISSUERS ?? [ARC_USDC],
    dexFactories: config.env.DEX_FACTORY ?? [],
    dexRouters: config.env.DEX_ROUTER ?? [],
    quoteTokens: config.env.DEX_QUOTE_TOKENS ?? [ARC_USDC],
    stakingContracts: config.env.STAKING_CONTRACTS ?? [],
  };
}
