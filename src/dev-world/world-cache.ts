import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EIP1193Provider } from "hardhat/types";
import { PROJECT_ROOT, type CompiledContracts } from "./compile";
import type { EmbeddedChain } from "./embedded-chain";
import type { DevWorldManifest } from "./world/dev-world-manifest";

/**
 * A seeded world is a pure function of its definition (the scenario code, the compiled contracts,
 * the chain's parameters) and its two clock readings (genesis day and where the history ends). Every
 * call that changed the chain is recorded, so the next start with the same key replays them instead
 * of running the scenarios again: no signing, no receipt checks, no reads between steps.
 */
export interface WorldRecording {
  readonly version: 1;
  readonly key: string;
  readonly calls: readonly RecordedCall[];
  /** The manifest without its `time` part (filled at each start: the head moves with the wall clock). */
  readonly manifest: Omit<DevWorldManifest, "time">;
  readonly blocks: number;
  readonly transactions: number;
  /** Hash of the last seeded block: a replay that ends elsewhere is not the same world. */
  readonly lastBlockHash: string;
}

export interface RecordedCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** Calls that only read: everything else changes the chain and is recorded. */
const READS = new Set(["eth_call", "eth_blockNumber", "eth_chainId", "eth_estimateGas", "net_version", "eth_gasPrice"]);
const isRead = (method: string) => READS.has(method) || method.startsWith("eth_get") || method.startsWith("debug_");

/** Passes every call through to `provider`, keeping those that change the chain in `calls`. */
export function recordingProvider(provider: EIP1193Provider, calls: RecordedCall[]): EIP1193Provider {
  // Kept in the order the calls were made (what the chain saw), not the order they were answered in.
  const request = (args: { method: string; params?: unknown[] | object }) => {
    if (!isRead(args.method)) calls.push({ method: args.method, params: (args.params ?? []) as unknown[] });
    return provider.request(args);
  };
  return new Proxy(provider, {
    get: (target, prop, receiver) => (prop === "request" ? request : Reflect.get(target, prop, receiver)),
  });
}

/**
 * Plays a recording's calls in order (one batch into EDR); resolves to the hash of the latest block afterwards, or
 * null when a call failed (a recording this chain does not accept is not the world: it is seeded instead).
 */
export async function replay(
  chain: Pick<EmbeddedChain, "provider" | "requestInOrder">,
  recording: WorldRecording,
): Promise<string | null> {
  try {
    await chain.requestInOrder(recording.calls);
  } catch {
    return null;
  }
  const latest = (await chain.provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    hash: string;
  };
  return latest.hash;
}

const DEFINITION_DIRS = ["src/dev-world"];
/** Files outside src/dev-world the world's code imports. */
const DEFINITION_FILES = ["src/domain/chain/address.ts"];
/** Packages whose code or bytecode ends up in the chain's history. */
const PACKAGES = ["hardhat", "@nomicfoundation/edr", "ethers", "@uniswap/v2-core", "@uniswap/v2-periphery"];

function definitionFiles(): string[] {
  const files: string[] = [];
  for (const dir of DEFINITION_DIRS) {
    const root = path.join(PROJECT_ROOT, dir);
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".ts")) files.push(full);
      }
    };
    walk(root);
  }
  return [...files, ...DEFINITION_FILES.map((f) => path.join(PROJECT_ROOT, f))].sort();
}

function packageVersion(name: string): string {
  const file = path.join(PROJECT_ROOT, "node_modules", name, "package.json");
  return existsSync(file) ? String(JSON.parse(readFileSync(file, "utf8")).version) : "absent";
}

/**
 * The cache key: the world's code (every file of src/dev-world and what it imports from the domain),
 * the compiled contracts, the packages that shape the history, and the chain's parameters and clock.
 */
export function worldKey(parts: {
  readonly artifacts: CompiledContracts;
  readonly chainId: number;
  readonly accountCount: number;
  readonly origin: number;
  readonly end: number;
}): string {
  const hash = createHash("sha256");
  for (const file of definitionFiles()) {
    hash.update(path.relative(PROJECT_ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(JSON.stringify(parts.artifacts));
  hash.update(JSON.stringify(PACKAGES.map((p) => [p, packageVersion(p)])));
  const { chainId, accountCount, origin, end } = parts;
  hash.update(JSON.stringify({ chainId, accountCount, origin, end }));
  return hash.digest("hex");
}

export const DEFAULT_WORLD_CACHE_DIR = path.join(PROJECT_ROOT, ".cache", "dev-world");

export async function readRecording(dir: string, key: string): Promise<WorldRecording | null> {
  const file = path.join(dir, `${key}.json`);
  if (!existsSync(file)) return null;
  try {
    const recording = JSON.parse(await readFile(file, "utf8")) as WorldRecording;
    return recording.version === 1 && recording.key === key ? recording : null;
  } catch {
    return null; // a damaged cache file is a miss, not a failed start
  }
}

/** Recordings older than this are deleted when a new one is written (the key moves with the clock). */
const KEEP_MS = 2 * 24 * 3600 * 1000;

export async function writeRecording(dir: string, recording: WorldRecording): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${recording.key}.json`);
  // Write-then-rename: a concurrent start never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(recording));
  await rename(partial, file);
  for (const name of await readdir(dir)) {
    const other = path.join(dir, name);
    const info = await stat(other).catch(() => null);
    if (info !== null && Date.now() - info.mtimeMs > KEEP_MS) await unlink(other).catch(() => {});
  }
}

/** A seeder that has held its lock this long is taken to have died. */
const STALE_LOCK_MS = 5 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Held too long, or by a process that is gone (a start interrupted while seeding). */
async function lockIsStale(lock: string): Promise<boolean> {
  const info = await stat(lock).catch(() => null);
  if (info === null) return false;
  if (Date.now() - info.mtimeMs > STALE_LOCK_MS) return true;
  const pid = Number(await readFile(lock, "utf8").catch(() => ""));
  return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
}

/**
 * Claims the right to seed `key` (one seed per key across processes: test lanes, spawned services).
 * Resolves to a release function, or to null when another process holds the claim.
 */
export async function claimSeeding(dir: string, key: string): Promise<(() => Promise<void>) | null> {
  await mkdir(dir, { recursive: true });
  const lock = path.join(dir, `${key}.lock`);
  if (await lockIsStale(lock)) await unlink(lock).catch(() => {});
  try {
    await writeFile(lock, String(process.pid), { flag: "wx" });
  } catch {
    return null;
  }
  return () => unlink(lock).catch(() => {});
}

/** Waits while another process seeds `key`: its recording, or null once its claim is gone without one. */
export async function awaitRecording(dir: string, key: string): Promise<WorldRecording | null> {
  const lock = path.join(dir, `${key}.lock`);
  const deadline = Date.now() + STALE_LOCK_MS;
  while (existsSync(lock) && !(await lockIsStale(lock)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  return readRecording(dir, key);
}
