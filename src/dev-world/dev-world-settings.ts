import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Address } from "../domain/chain/address";
import type { DevWorld } from "./dev-world";
import { worldWallet } from "./world/chain-writer";
import { EURC_ADDRESS, USDC_ADDRESS } from "./world/fiat-tokens";
import { SCORE_REGISTRY_ORACLE_LABEL } from "./world/sanctions-registry-roles";
import { DEFAULT_WORLD_CACHE_DIR } from "./world-cache";

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
  /** The seeded ScoreRegistry and the key of its oracle (a world wallet: public, refused outside the default). */
  readonly scoreRegistry: Address;
  readonly registryOraclePrivateKey: string;
  /** Addresses the dev world lists as sanctioned, in the nightly-list text format (see writeDevSanctionsList). */
  readonly sanctionedAddresses: readonly Address[];
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
    scoreRegistry: manifest.contracts.scoreRegistry,
    registryOraclePrivateKey: worldWallet(SCORE_REGISTRY_ORACLE_LABEL).key.privateKey,
    sanctionedAddresses: [manifest.sanctionsAndRegistry.sanctionedWallet],
    scenario: manifest,
  };
}

/**
 * Writes the dev world's extra sanctions list (one address a line, the nightly lists' text format) and
 * returns its path, for SANCTIONS_EXTRA_FILE: the screening reads it like any operator-supplied list,
 * so nothing in the service special-cases a seeded address.
 */
export async function writeDevSanctionsList(
  addresses: readonly Address[],
  dir: string = DEFAULT_WORLD_CACHE_DIR,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "sanctions-extra-ETH.txt");
  // Write-then-rename: a concurrent start never reads half a list.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, addresses.map((a) => `${a}\n`).join(""));
  await rename(partial, file);
  return file;
}
