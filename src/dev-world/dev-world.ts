import { asAddress } from "../domain/chain/address";
import { compileContracts } from "./compile";
import { startEmbeddedChain, type EmbeddedChain, type EmbeddedChainOptions } from "./embedded-chain";
import { loadUniswapArtifacts } from "./uniswap-artifacts";
import { bootstrapInfrastructure, DEV_STABLECOIN_BALANCE } from "./world/bootstrap-infrastructure";
import { ChainWriter, worldWallet } from "./world/chain-writer";
import { assembleManifest } from "./world/assemble-manifest";
import { placeCanonicalDexes } from "./world/canonical-dexes";
import type { DevWorldManifest } from "./world/dev-world-manifest";
export type { DetectionGapRoles } from "./world/detection-gaps-roles";
import { seedWorld } from "./world/seed-world";
import { DAY, WORLD_SPAN_DAYS } from "./world/world";

export { CANONICAL_DEX_PLACEMENTS, type CanonicalDex } from "./world/canonical-dexes";
export { EURC_ADDRESS, OFFICIAL_ISSUERS, USDC_ADDRESS, type OfficialIssuer } from "./world/fiat-tokens";
export type {
  CapabilityTokenRoles,
  DevWorldContracts,
  DevWorldManifest,
  DevWorldRoles,
  DevWorldStakingContracts,
  NftCapabilityCollectionRoles,
} from "./world/dev-world-manifest";

/** The factories' feeToSetter: the seeded infrastructure's admin, as for the seeded factory. */
const INFRASTRUCTURE_ADMIN = worldWallet("infrastructure-admin").address;

/** Dev account indices with a fixed x402 part (0 is also what most tools sign with by default). */
export const DEV_ACCOUNT_ROLES = { payer: 0, payee: 1, settler: 2 } as const;

export interface DevWorldTimings {
  readonly compileMs: number;
  readonly chainStartMs: number;
  readonly seedMs: number;
  readonly totalMs: number;
  readonly blocks: number;
  readonly transactions: number;
}

export interface DevWorldOptions extends EmbeddedChainOptions {
  /** Where compiled contracts are cached (default `.cache/solc/`). */
  readonly solcCacheDir?: string;
}

export interface DevWorld {
  readonly chain: EmbeddedChain;
  readonly manifest: DevWorldManifest;
  readonly timings: DevWorldTimings;
}

/**
 * Starts the embedded chain with its genesis WORLD_SPAN_DAYS in the past, deploys the
 * infrastructure, plays the seeded world and finally mines one block at the wall clock, so
 * the head is "now" (x402 authorizations are stamped with wall-clock validity windows).
 */
export async function startDevWorld(options: DevWorldOptions): Promise<DevWorld> {
  const started = performance.now();
  const artifacts = await compileContracts(
    options.solcCacheDir === undefined ? {} : { cacheDir: options.solcCacheDir },
  );
  const compiled = performance.now();
  const end = Math.floor(Date.now() / 1000);
  // Genesis on a UTC midnight: "same day" in the seeded history then means the same calendar day.
  const origin = Math.floor((end - WORLD_SPAN_DAYS * DAY) / DAY) * DAY;
  const { solcCacheDir: _cache, ...chainOptions } = options;
  const chain = await startEmbeddedChain({ ...chainOptions, initialDate: new Date(origin * 1000) });
  const chainUp = performance.now();
  try {
    const writer = new ChainWriter(chain.provider, chain.chainId);
    await writer.rpc("evm_setAutomine", [false]);
    const uniswap = loadUniswapArtifacts();
    const devAddresses = chain.accounts.map((a) => asAddress(a.address));
    const { world, eurc } = await bootstrapInfrastructure(writer, artifacts, uniswap, devAddresses, origin, end);
    await seedWorld(writer, world, origin + 120);
    // After the seeded history and without transactions: no nonce, so no seeded address, moves.
    const canonicalDexes = await placeCanonicalDexes(writer, uniswap, world.amm.weth.address, INFRASTRUCTURE_ADMIN);

    const lastSeeded = await writer.rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    const head = Math.max(Number(lastSeeded.timestamp) + 1, Math.floor(Date.now() / 1000));
    await writer.mine(head);
    await writer.rpc("evm_setAutomine", [true]);
    const headBlock = Number(await writer.rpc<string>("eth_blockNumber"));

    const manifest = assembleManifest({
      world,
      eurc: eurc.address,
      uniswap,
      chainId: chain.chainId,
      devAddresses,
      devRoles: DEV_ACCOUNT_ROLES,
      stablecoinBalance: DEV_STABLECOIN_BALANCE,
      canonicalDexes,
      time: { genesisTimestamp: origin, seededHeadTimestamp: head, seededHeadBlock: headBlock },
    });
    const seeded = performance.now();
    const timings: DevWorldTimings = {
      compileMs: Math.round(compiled - started),
      chainStartMs: Math.round(chainUp - compiled),
      seedMs: Math.round(seeded - chainUp),
      totalMs: Math.round(seeded - started),
      blocks: writer.blockCount,
      transactions: writer.transactionCount,
    };
    return { chain, manifest, timings };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
