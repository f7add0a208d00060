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
export type { WalletProtectionRoles } from "./world/wallet-protection-roles";
import { seedWorld } from "./world/seed-world";
import { DAY, WORLD_SPAN_DAYS } from "./world/world";
import {
  awaitRecording,
  claimSeeding,
  DEFAULT_WORLD_CACHE_DIR,
  readRecording,
  recordingProvider,
  replay,
  worldKey,
  writeRecording,
  type RecordedCall,
  type WorldRecording,
} from "./world-cache";

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
  /** "replayed": the world came from a recording in the world cache; "seeded": its scenarios ran. */
  readonly source: "seeded" | "replayed";
  readonly blocks: number;
  readonly transactions: number;
}

export interface DevWorldOptions extends EmbeddedChainOptions {
  /** Where compiled contracts are cached (default `.cache/solc/`). */
  readonly solcCacheDir?: string;
  /** Where seeded worlds are recorded and replayed from (default `.cache/dev-world/`); null: seed every time. */
  readonly worldCacheDir?: string | null;
  /** Run the scenarios even when a recording matches (and record them again): `npm start -- --reseed`. */
  readonly reseed?: boolean;
  /** The wall clock (ms) the history ends at and the head is mined at (tests pin it). */
  readonly now?: () => number;
}

export interface DevWorld {
  readonly chain: EmbeddedChain;
  readonly manifest: DevWorldManifest;
  readonly timings: DevWorldTimings;
}

/** The seeded history ends on the hour before the wall clock, so one recording serves every start in that hour. */
const HISTORY_END_STEP = 3_600;

interface Seeded {
  readonly manifest: Omit<DevWorldManifest, "time">;
  readonly blocks: number;
  readonly transactions: number;
}

/** Deploys the infrastructure and plays every scenario, recording each call that changed the chain. */
async function seedAndRecord(
  chain: EmbeddedChain,
  artifacts: Awaited<ReturnType<typeof compileContracts>>,
  origin: number,
  end: number,
  calls: RecordedCall[],
): Promise<Seeded> {
  const writer = new ChainWriter(recordingProvider(chain.provider, calls), chain.chainId);
  await writer.rpc("evm_setAutomine", [false]);
  const uniswap = loadUniswapArtifacts();
  const devAddresses = chain.accounts.map((a) => asAddress(a.address));
  const { world, eurc } = await bootstrapInfrastructure(writer, artifacts, uniswap, devAddresses, origin, end);
  await seedWorld(writer, world, origin + 120);
  // After the seeded history and without transactions: no nonce, so no seeded address, moves.
  const canonicalDexes = await placeCanonicalDexes(writer, uniswap, world.amm.weth.address, INFRASTRUCTURE_ADMIN);
  const { time: _time, ...manifest } = assembleManifest({
    world,
    eurc: eurc.address,
    uniswap,
    chainId: chain.chainId,
    devAddresses,
    devRoles: DEV_ACCOUNT_ROLES,
    stablecoinBalance: DEV_STABLECOIN_BALANCE,
    canonicalDexes,
    time: { genesisTimestamp: origin, seededHeadTimestamp: 0, seededHeadBlock: 0 },
  });
  return { manifest, blocks: writer.blockCount, transactions: writer.transactionCount };
}

/**
 * Starts the embedded chain with its genesis WORLD_SPAN_DAYS in the past, deploys the
 * infrastructure, plays the seeded world (or replays its recording, see world-cache.ts) and
 * finally mines one block at the wall clock, so the head is "now" (x402 authorizations are
 * stamped with wall-clock validity windows).
 */
export async function startDevWorld(options: DevWorldOptions): Promise<DevWorld> {
  const started = performance.now();
  const artifacts = await compileContracts(
    options.solcCacheDir === undefined ? {} : { cacheDir: options.solcCacheDir },
  );
  const compiled = performance.now();
  const now = options.now ?? Date.now;
  const end = Math.floor(now() / 1000 / HISTORY_END_STEP) * HISTORY_END_STEP;
  // Genesis on a UTC midnight: "same day" in the seeded history then means the same calendar day.
  const origin = Math.floor((end - WORLD_SPAN_DAYS * DAY) / DAY) * DAY;
  const { solcCacheDir: _cache, worldCacheDir: _worlds, reseed: _reseed, now: _now, ...chainOptions } = options;
  const start = () => startEmbeddedChain({ ...chainOptions, initialDate: new Date(origin * 1000) });
  let chain = await start();
  const chainUp = performance.now();
  const cacheDir = options.worldCacheDir === undefined ? DEFAULT_WORLD_CACHE_DIR : options.worldCacheDir;
  try {
    const key =
      cacheDir === null
        ? null
        : worldKey({ artifacts, chainId: chain.chainId, accountCount: chain.accounts.length, origin, end });
    let seeded: Seeded | null = null;
    let release: (() => Promise<void>) | null = null;
    let recording = key === null || options.reseed === true ? null : await readRecording(cacheDir!, key);
    if (key !== null && options.reseed !== true && recording === null) {
      release = await claimSeeding(cacheDir!, key);
      // Another process is seeding this very world: replaying its recording is cheaper than seeding beside it.
      if (release === null) recording = await awaitRecording(cacheDir!, key);
    }
    if (recording !== null) {
      if ((await replay(chain, recording)) === recording.lastBlockHash) seeded = recording;
      else {
        // Not the recorded world (a change the key does not see): start over and seed for real.
        await chain.close();
        chain = await start();
      }
    }
    const source = seeded === null ? "seeded" : "replayed";
    if (seeded === null) {
      try {
        const calls: RecordedCall[] = [];
        seeded = await seedAndRecord(chain, artifacts, origin, end, calls);
        if (key !== null) {
          const last = await chain.provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] });
          const entry: WorldRecording = {
            version: 1,
            key,
            calls,
            ...seeded,
            lastBlockHash: (last as { hash: string }).hash,
          };
          await writeRecording(cacheDir!, entry);
        }
      } finally {
        await release?.();
      }
    }

    const writer = new ChainWriter(chain.provider, chain.chainId);
    const lastSeeded = await writer.rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    const head = Math.max(Number(lastSeeded.timestamp) + 1, Math.floor(now() / 1000));
    await writer.mine(head);
    await writer.rpc("evm_setAutomine", [true]);
    const headBlock = Number(await writer.rpc<string>("eth_blockNumber"));

    const manifest: DevWorldManifest = {
      ...seeded.manifest,
      time: { genesisTimestamp: origin, seededHeadTimestamp: head, seededHeadBlock: headBlock },
    };
    const seededAt = performance.now();
    const timings: DevWorldTimings = {
      compileMs: Math.round(compiled - started),
      chainStartMs: Math.round(chainUp - compiled),
      seedMs: Math.round(seededAt - chainUp),
      totalMs: Math.round(seededAt - started),
      source,
      blocks: seeded.blocks,
      transactions: seeded.transactions,
    };
    return { chain, manifest, timings };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
