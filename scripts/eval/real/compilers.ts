import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { keccak256, toUtf8Bytes } from "ethers";
import { PROJECT_ROOT } from "../../../src/dev-world/compile";
import type { Sources } from "./corpus";

const require = createRequire(import.meta.url);

/** The dev dependency that holds solc `version`: `solc-<v>` or, where the plain package ships the wrong soljson, `solc-<v>-fixed`. */
export function compilerPackage(version: string, installed: readonly string[]): string {
  for (const name of [`solc-${version}-fixed`, `solc-${version}`]) if (installed.includes(name)) return name;
  throw new Error(`no compiler for solc ${version}: add the dev dependency "solc-${version}": "npm:solc@${version}"`);
}

export function installedCompilers(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return Object.keys(pkg.devDependencies).filter((n) => n.startsWith("solc-"));
}

/** paris for compilers that default to shanghai (PUSH0); older ones keep their default (the chain runs cancun). */
export function evmVersionFor(version: string): string | undefined {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  return major === 0 && minor === 8 && (patch ?? 0) >= 20 ? "paris" : undefined;
}

export interface CompiledMain {
  readonly abi: readonly Record<string, unknown>[];
  readonly bytecode: string;
  readonly deployedBytecode: string;
  /** Creation code of each library the bytecode links, by its placeholder (only when it links any). */
  readonly libraries?: Readonly<Record<string, string>>;
}

/** The placeholders a linked library leaves in bytecode: `__$<34 hex>$__` (solc >= 0.5) or `__<path:Name>__` (0.4). */
export const PLACEHOLDER = /__\$[0-9a-f]{34}\$__|__[^$][^_]{0,35}_*__/g;

function placeholdersOf(file: string, name: string): string[] {
  const fq = `${file}:${name}`;
  const hashed = `__$${keccak256(toUtf8Bytes(fq)).slice(2, 36)}$__`;
  const legacy = `__${fq.slice(0, 36).padEnd(36, "_")}__`;
  return [hashed, legacy];
}

/** Every library the main bytecode (and, in turn, those libraries) links: placeholder -> creation code. */
function librariesOf(output: StandardOutput, bytecode: string): Record<string, string> {
  const byPlaceholder = new Map<string, string>();
  for (const [file, contracts] of Object.entries(output.contracts ?? {}))
    for (const [name, c] of Object.entries(contracts))
      for (const p of placeholdersOf(file, name)) byPlaceholder.set(p, `0x${c.evm.bytecode.object}`);
  const out: Record<string, string> = {};
  const pending = [...(bytecode.match(PLACEHOLDER) ?? [])];
  while (pending.length > 0) {
    const p = pending.pop()!;
    const code = byPlaceholder.get(p);
    if (code === undefined || out[p] !== undefined) continue;
    out[p] = code;
    pending.push(...(code.match(PLACEHOLDER) ?? []));
  }
  return out;
}

export type CompileOutcome =
  | { readonly ok: true; readonly contract: CompiledMain; readonly cached: boolean; readonly ms: number }
  | { readonly ok: false; readonly error: string; readonly ms: number };

interface Solc {
  compile(input: string): string;
}
const loaded = new Map<string, Solc>();

function solcFor(pkg: string): Solc {
  let solc = loaded.get(pkg);
  if (solc === undefined) {
    // The current solc-js wrapper over each version's soljson: it translates standard JSON for 0.4.x too.
    const wrapper = require("solc/wrapper") as (soljson: unknown) => Solc;
    solc = wrapper(require(path.join(PROJECT_ROOT, "node_modules", pkg, "soljson.js")));
    loaded.set(pkg, solc);
  }
  return solc;
}

/** Drops loaded compilers (each holds a large wasm/asm.js heap). */
export function unloadCompilers(): void {
  loaded.clear();
}

const CACHE_DIR = path.join(PROJECT_ROOT, ".cache", "real-contracts");

interface StandardOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: []; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

function pick(output: StandardOutput, main: string, name: string): CompiledMain | null {
  const files = Object.keys(output.contracts ?? {});
  // The main file first: several files of a split source may define a contract of the same name.
  for (const file of [main, ...files.filter((f) => f !== main)]) {
    const c = output.contracts?.[file]?.[name];
    if (c !== undefined && c.evm.bytecode.object.length > 0) {
      const bytecode = `0x${c.evm.bytecode.object}`;
      const linked = bytecode.includes("__");
      return {
        abi: c.abi,
        bytecode,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        ...(linked ? { libraries: librariesOf(output, bytecode) } : {}),
      };
    }
  }
  return null;
}

/** Standard JSON input with the corpus's settings: optimizer off, as the corpus was checked; EVM per evmVersionFor. */
function standardInput(version: string, sources: Sources, outputs: readonly string[]): string {
  const evmVersion = evmVersionFor(version);
  const settings = {
    optimizer: { enabled: false, runs: 200 },
    ...(evmVersion === undefined ? {} : { evmVersion }),
    outputSelection: { "*": { "*": outputs } },
  };
  return JSON.stringify({ language: "Solidity", sources, settings });
}

/** Compiles `sources` with solc `version` (optimizer off, as the corpus was checked), cached under .cache/. */
export function compile(version: string, sources: Sources, main: string, name: string): CompileOutcome {
  const started = performance.now();
  const input = standardInput(version, sources, ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"]);
  const key = createHash("sha256").update(`${version}\n${main}\n${name}\n${input}`).digest("hex");
  const file = path.join(CACHE_DIR, `${key}.json`);
  const cached = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CompileOutcome) : null;
  // An entry cached before libraries were kept is compiled again.
  const stale =
    cached?.ok === true && cached.contract.bytecode.includes("__") && cached.contract.libraries === undefined;
  if (cached !== null && !stale) {
    return { ...cached, ms: Math.round(performance.now() - started), ...(cached.ok ? { cached: true } : {}) };
  }
  let outcome: CompileOutcome;
  try {
    const solc = solcFor(compilerPackage(version, installedCompilers()));
    const output = JSON.parse(solc.compile(input)) as StandardOutput;
    const errors = (output.errors ?? []).filter((e) => e.severity === "error");
    const contract = errors.length > 0 ? null : pick(output, main, name);
    outcome =
      contract !== null
        ? { ok: true, contract, cached: false, ms: 0 }
        : {
            ok: false,
            error:
              errors.length > 0
                ? ((errors[0]?.formattedMessage ?? "error").split("\n")[0] ?? "error")
                : `no contract ${name} in the output`,
            ms: 0,
          };
  } catch (error) {
    // Not cached: a missing compiler package is fixed by installing it, not a property of the source.
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      ms: Math.round(performance.now() - started),
    };
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(outcome));
  return { ...outcome, ms: Math.round(performance.now() - started) };
}

/**
 * Every contract's ABI in `sources`, by name (interfaces and libraries too; the first file's where names repeat), or
 * the compiler's first error. Not cached: a diagnosis (check-main), not part of a run.
 */
export function contractAbis(
  version: string,
  sources: Sources,
): { readonly ok: true; readonly abis: Map<string, []> } | { readonly ok: false; readonly error: string } {
  const solc = solcFor(compilerPackage(version, installedCompilers()));
  const output = JSON.parse(solc.compile(standardInput(version, sources, ["abi"]))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: [] }>>;
  };
  const error = (output.errors ?? []).find((e) => e.severity === "error");
  if (error !== undefined) return { ok: false, error: error.formattedMessage.split("\n")[0] ?? "error" };
  const abis = new Map<string, []>();
  for (const contracts of Object.values(output.contracts ?? {}))
    for (const [name, c] of Object.entries(contracts)) if (!abis.has(name)) abis.set(name, c.abi);
  return { ok: true, abis };
}
