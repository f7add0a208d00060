import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../../src/dev-world/compile";
import { type OpenZeppelinTree, sourcesFromConcatenation } from "./concatenation";

/** One entry of `shared/datasets/real-contracts/manifest.json` (the fields this eval reads). */
export interface CorpusEntry {
  readonly id: string;
  readonly file: string;
  /** The chain the source was verified on, where its header names one. */
  readonly origin: { readonly chain: string | null; readonly address?: string };
  readonly compiler: { readonly solc: string; readonly evmVersion: string };
  readonly contractName: string;
  readonly constructorArgs: readonly string[] | string;
  readonly hardcodedAddresses: readonly { readonly address: string; readonly knownAs: string }[];
  readonly label: "malicious" | "benign";
  readonly group: "crpwarner-positive" | "crpwarner-negative" | "benign-reference";
  readonly categories: { readonly hiddenMint: boolean; readonly leakingToken: boolean; readonly limitingSell: boolean };
  readonly mechanism: string | null;
  readonly compiles: boolean;
  readonly compilesAfterSplit: boolean | null;
  readonly compileNotes: string | null;
}

/** EIP-155 ids of the chains the corpus's sources come from (manifest `origin.chain`). */
const CHAIN_IDS: Readonly<Record<string, number>> = {
  Ethereum: 1,
  BSC: 56,
  Polygon: 137,
  Fantom: 250,
  Arbitrum: 42161,
  Avalanche: 43114,
  Linea: 59144,
};

/**
 * The chain id a contract expects to be deployed under: its origin chain's, so a constructor that picks its router by
 * `block.chainid` (a launch template seen in the corpus knows chains 1, 5, 56 and 97 only) finds one; null where the
 * manifest names no chain (the embedded default then).
 */
export function originChainId(entry: CorpusEntry): number | null {
  return entry.origin.chain === null ? null : (CHAIN_IDS[entry.origin.chain] ?? null);
}

/** REAL_CONTRACTS_DIR, or the shared folder beside the checkout. */
export function corpusDir(): string {
  return process.env["REAL_CONTRACTS_DIR"] ?? path.resolve(PROJECT_ROOT, "..", "shared", "datasets", "real-contracts");
}

export function loadCorpus(dir = corpusDir()): CorpusEntry[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { contracts: CorpusEntry[] };
  return manifest.contracts;
}

export type Sources = Record<string, { content: string }>;

/** The paths `compileNotes` reconstructs for a concatenated file, in the order of its SPDX lines. */
function splitPaths(notes: string): string[] {
  const m = /reconstructed from the import statements: ([^|]+)$/.exec(notes.trim());
  return m?.[1] === undefined ? [] : m[1].split(",").map((p) => p.trim().replace(/\.$/, ""));
}

/** Splits a concatenation back at each SPDX line, onto the paths the manifest gives. */
export function splitAtSpdx(text: string, paths: readonly string[]): Sources | null {
  const starts = [...text.matchAll(/^.*SPDX-License-Identifier.*$/gm)].map((m) => m.index ?? 0);
  if (starts.length !== paths.length || starts.length === 0) return null;
  const sources: Sources = {};
  starts.forEach((start, i) => {
    const from = i === 0 ? 0 : start;
    sources[paths[i] as string] = { content: text.slice(from, starts[i + 1] ?? text.length) };
  });
  return sources;
}

function walk(dir: string, base: string, out: Sources): void {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, base, out);
    else if (name.endsWith(".sol")) out[path.relative(base, full)] = { content: readFileSync(full, "utf8") };
  }
}

/**
 * The compiler input for an entry: a file as shipped; a project folder (benign/ENS/…) as its tree;
 * a concatenation marked `compilesAfterSplit` split back into the files `compileNotes` names; any other concatenation
 * that does not compile as shipped split at its SPDX lines with its imports resolved (concatenation.ts).
 */
export function sourcesOf(entry: CorpusEntry, dir = corpusDir()): { sources: Sources; main: string } {
  const parts = entry.file.split("/");
  if (parts.length > 2) {
    const root = path.join(dir, parts[0] as string, parts[1] as string);
    const sources: Sources = {};
    walk(root, root, sources);
    return { sources, main: parts.slice(2).join("/") };
  }
  const text = readFileSync(path.join(dir, entry.file), "utf8");
  if (entry.compilesAfterSplit === true && entry.compileNotes !== null) {
    const paths = splitPaths(entry.compileNotes);
    const split = splitAtSpdx(text, paths);
    if (split !== null) return { sources: split, main: paths[0] as string };
  }
  if (entry.compiles === false && entry.compilesAfterSplit !== true) {
    const pasted = sourcesFromConcatenation(text, entry.contractName, openZeppelinNamedIn(text));
    if (pasted !== null) return pasted;
  }
  const name = parts[parts.length - 1] as string;
  return { sources: { [name]: { content: text } }, main: name };
}

/**
 * The OpenZeppelin release a paste's own OpenZeppelin files name in their headers, where one is installed: 4.x (the
 * dev dependency `openzeppelin-contracts-4`, 4.9.6, the last 4.x: every corpus file that names a release names 4.x).
 */
function openZeppelinNamedIn(text: string): OpenZeppelinTree | null {
  if (!/OpenZeppelin Contracts (?:\(last updated )?v4\./.test(text)) return null;
  return { root: path.join(PROJECT_ROOT, "node_modules", "openzeppelin-contracts-4") };
}
