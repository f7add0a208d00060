import type { Address } from "../../domain/chain/address";
import type { Config } from "../config/config";
import type { DevWorld } from "../../dev-world/dev-world";
import { EURC_ADDRESS, USDC_ADDRESS } from "../../dev-world/dev-world";

/** Where markets and staking live on the scored chain: configured, or taken from the seeded world. */
export interface MarketSettings {
  readonly officialIssuers: readonly Address[];
  readonly dexFactory: Address | null;
  readonly dexRouter: Address | null;
  /** Tokens pools are quoted in (stablecoin first). */
  readonly quoteTokens: readonly Address[];
  readonly stakingContracts: readonly Address[];
}

export function marketSettings(config: Config, devWorld: DevWorld | null): MarketSettings {
  const world = devWorld?.manifest;
  const usdc = USDC_ADDRESS;
  return {
    officialIssuers: config.env.OFFICIAL_ISSUERS ?? [usdc, EURC_ADDRESS],
    dexFactory: config.env.DEX_FACTORY ?? (world?.contracts.uniswapFactory) ?? null,
    dexRouter: config.env.DEX_ROUTER ?? (world?.contracts.uniswapRouter) ?? null,
    quoteTokens: config.env.DEX_QUOTE_TOKENS ?? [usdc, ...(world ? [world.contracts.weth] : [])],
    stakingContracts: config.env.STAKING_CONTRACTS ?? ((world?.contracts.stakingContracts as Address[] | undefined) ?? []),
  };
}
