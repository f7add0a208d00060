import type { Address } from "../domain/chain/address";
import type { DevWorld } from "./dev-world";
import { EURC_ADDRESS, USDC_ADDRESS } from "./world/fiat-tokens";

/**
 * What the seeded world implies for the service, as plain settings: the composition root lays
 * them under the configuration (a configured value still wins), and nothing past it ever learns
 * that a dev world exists.
 */
export interface DevWorldSettings {
  readonly rpcUrl: string;
  readonly payTo: Address;
  /** A dev-mnemonic key: fine here, refused by configuration outside the embedded default. */
  readonly settlementPrivateKey: string;
  readonly officialIssuers: readonly Address[];
  /** The seeded world's own Uniswap V2 first (the price reference), then the canonical DEXes. */
  readonly dexFactories: readonly Address[];
  readonly dexRouters: readonly Address[];
  readonly quoteTokens: readonly Address[];
  readonly stakingContracts: readonly Address[];
  /** Served at /api/dev/scenario: the seeded roles and contracts. */
  readonly scenario: unknown;
}

export function devWorldSettings(world: DevWorld): DevWorldSettings {
  const { manifest, chain } = world;
  const settler = chain.accounts[manifest.devAccounts.settlerIndex]?.privateKey;
  if (settler === undefined) throw new Error("the seeded world has no settler account");
  return {
    rpcUrl: chain.rpcUrl,
    payTo: manifest.payee,
    settlementPrivateKey: settler,
    officialIssuers: [USDC_ADDRESS, EURC_ADDRESS],
    dexFactories: [manifest.contracts.uniswapFactory, ...manifest.canonicalDexes.map((d) => d.factory)],
    dexRouters: [manifest.contracts.uniswapRouter, ...manifest.canonicalDexes.map((d) => d.router)],
    quoteTokens: [USDC_ADDRESS, manifest.contracts.weth],
    stakingContracts: manifest.contracts.stakingContracts,
    scenario: manifest,
  };
}
