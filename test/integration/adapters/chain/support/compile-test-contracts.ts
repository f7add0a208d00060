import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_CONTRACT_SOURCES } from "./test-contracts.sol";

const require = createRequire(import.meta.url);

export interface CompiledContract {
  readonly abi: readonly unknown[];
  readonly bytecode: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  compile(input: string, options: { import: (p: string) => { contents: string } | { error: string } }): string;
}

function findImport(importPath: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(importPath), "utf8") };
  } catch {
    return { error: `not found: ${importPath}` };
  }
}

let compiled: Promise<Record<string, CompiledContract>> | undefined;

/**
 * Compiles once per process, and caches the result on disk by source hash: solc-js takes
 * seconds, and every test file (and the bench) wants the same contracts.
 */
export function compileTestContracts(): Promise<Record<string, CompiledContract>> {
  compiled ??= Promise.resolve().then(() => {
    const digest = createHash("sha256").update(JSON.stringify(TEST_CONTRACT_SOURCES)).digest("hex").slice(0, 16);
    const cacheFile = path.join(tmpdir(), `credence-test-contracts-${digest}.json`);
    if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, CompiledContract>;
    const result = compileNow();
    writeFileSync(cacheFile, JSON.stringify(result));
    return result;
  });
  return compiled;
}

function compileNow(): Record<string, CompiledContract> {
  const solc = require("solc") as Solc;
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(TEST_CONTRACT_SOURCES).map(([name, content]) => [name, { content }])),
    // The embedded chain runs cancun; solc 0.8.30 would default to prague.
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: Object.fromEntries(
        Object.keys(TEST_CONTRACT_SOURCES).map((file) => [file, { "*": ["abi", "evm.bytecode.object"] }]),
      ),
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const result: Record<string, CompiledContract> = {};
  for (const [file, contracts] of Object.entries(output.contracts)) {
    for (const [name, contract] of Object.entries(contracts)) {
      if (path.basename(file, ".sol") === name)
        result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return result;
}
