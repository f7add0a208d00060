import type { Address } from "../../domain/chain/address";
import type { Config } from "../config/config";

/** Where Arc keeps USDC's ERC-20 interface: the default official issuer and quote token. */
const ARC_USDC = "0x3600000000000000000000000000000000000000" as Address;

/** Where markets and staking live on the scored chain (the embedded world's own lie under the configuration). */
export interface MarketSettings {
  readonly officialIssuers: readonly Address[];
  readonly dexFactory: Address | null;
  readonly dexRouter: Address | null;
  /** Tokens pools are quoted in (stablecoin first). */
  readonly quoteTokens: readonly Address[];
  readonly stakingContracts: readonly Address[];
}

export function marketSettings(config: Config): MarketSettings {
  return {
    officialIssuers: config.env.OFFICIAL_ISSUERS ?? [ARC_USDC],
    dexFactory: config.env.DEX_FACTORY ?? null,
    dexRouter: config.env.DEX_ROUTER ?? null,
    quoteTokens: config.env.DEX_QUOTE_TOKENS ?? [ARC_USDC],
    stakingContracts: config.env.STAKING_CONTRACTS ?? [],
  };
}
