import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** ABI + creation and runtime bytecode (0x-prefixed) of one compiled contract. */
export interface CompiledContract {
  readonly abi: readonly unknown[];
  readonly bytecode: string;
  readonly deployedBytecode: string;
}

/** Compiled contracts keyed by contract name (names are unique across contracts/). */
export type CompiledContracts = Readonly<Record<string, CompiledContract>>;

export interface CompileOptions {
  readonly sourceDir?: string;
  readonly cacheDir?: string;
}

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Cancun is stated explicitly: solc's default target moves between releases, the chain's hardfork does not. */
const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

async function solidityFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".sol"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "node_modules", name, "package.json"), "utf8"));
  return String(manifest.version);
}

/** Library imports (`@openzeppelin/...`) resolve from node_modules, which is what solc's callback is asked for. */
function resolveImport(importPath: string): { contents: string } | { error: string } {
  const file = path.join(PROJECT_ROOT, "node_modules", importPath);
  return existsSync(file) ? { contents: readFileSync(file, "utf8") } : { error: `not found: ${importPath}` };
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

async function runSolc(input: object): Promise<CompiledContracts> {
  // Loaded lazily: parsing soljson costs seconds, and a warm cache never needs it.
  const solc = (await import("solc")).default;
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const compiled: Record<string, CompiledContract> = {};
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    if (file.startsWith("@")) continue;
    for (const [name, c] of Object.entries(contracts)) {
      compiled[name] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  return compiled;
}

/**
 * Compiles every contract under `contracts/` with the npm solc build, caching the result in
 * `.cache/solc/` under a hash of sources, settings and compiler/library versions.
 */
export async function compileContracts(options: CompileOptions = {}): Promise<CompiledContracts> {
  const sourceDir = options.sourceDir ?? path.join(PROJECT_ROOT, "contracts");
  const cacheDir = options.cacheDir ?? path.join(PROJECT_ROOT, ".cache", "solc");
  const sources: Record<string, { content: string }> = {};
  for (const file of await solidityFiles(sourceDir)) {
    sources[path.relative(sourceDir, file).split(path.sep).join("/")] = { content: await readFile(file, "utf8") };
  }
  const input = { language: "Solidity", sources, settings: SOLC_SETTINGS };
  const key = createHash("sha256")
    .update(JSON.stringify({ input, solc: packageVersion("solc"), oz: packageVersion("@openzeppelin/contracts") }))
    .digest("hex");
  const cacheFile = path.join(cacheDir, `${key}.json`);
  if (existsSync(cacheFile)) return JSON.parse(await readFile(cacheFile, "utf8")) as CompiledContracts;
  const compiled = await runSolc(input);
  await mkdir(cacheDir, { recursive: true });
  // Write-then-rename so a concurrent start never reads a half-written cache file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(compiled));
  await rename(partial, cacheFile);
  return compiled;
}
