import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Sources } from "./corpus";

/**
 * A verified multi-file source pasted as one file, with no paths (several corpus entries come so, and the manifest
 * could not split them: "could not be re-split automatically"), turned back into compiler input. Each part, from one
 * SPDX line to the next, becomes a file of its own; each import is pointed at the part that declares what the
 * imported file is named for (`./Context.sol` -> the part declaring `Context`), or, where the paste left that file
 * out, at the OpenZeppelin 4 release its parts name (`MerkleProof.sol`, `Strings.sol`). Where headers were stripped
 * with the files, a part's contracts are put bases first and a base from another part is imported. Declarations are
 * never edited; an import that finds nothing is left as written, and the compiler's error says which.
 */

/** An OpenZeppelin Contracts release on disk: its folder (the package's `contracts/` root). */
export interface OpenZeppelinTree {
  readonly root: string;
}

const IMPORT = /^(\s*import\s+(?:[^"';]*?\bfrom\s+)?)(["'])([^"']+)\2([^;]*;)/gm;
const DECLARATION = /^\s*(?:abstract\s+)?(?:contract|interface|library)\s+(\w+)/gm;
const OZ_PREFIX = "@openzeppelin/contracts/";

function splitParts(text: string): string[] {
  const starts = [...text.matchAll(/^.*SPDX-License-Identifier.*$/gm)].map((m) => m.index ?? 0);
  if (starts.length < 2) return [];
  const parts = starts.map((start, i) =>
    text.slice(i === 0 ? 0 : start, starts[i + 1] ?? withoutSettings(text).length),
  );
  // A paste can hold the same file twice (WSBCoin's main file opens and closes it).
  return parts.filter((part, i) => parts.findIndex((p) => p.trim() === part.trim()) === i);
}

/** The paste without the compiler settings an explorer's standard-JSON source can end with (MissionMasterChef's). */
function withoutSettings(text: string): string {
  const at = text.search(/\n\{\s*\n\s*"(?:optimizer|outputSelection|evmVersion|remappings|libraries)"/);
  if (at < 0) return text;
  try {
    JSON.parse(text.slice(at));
    return text.slice(0, at + 1);
  } catch {
    return text;
  }
}

const declared = (part: string): string[] => [...part.matchAll(DECLARATION)].map((m) => m[1] as string);
const baseName = (importPath: string): string => path.basename(importPath).replace(/\.sol$/, "");

/** A declaration at column 0 only: its block is cut from there to the next one, which an indented match could split. */
const TOP_LEVEL = /^(?:abstract\s+)?(?:contract|interface|library)\s+(\w+)([^{]*)\{/gm;

interface Declaration {
  readonly name: string;
  /** The contracts it derives from (`is A, B(1)`). */
  readonly bases: readonly string[];
  readonly start: number;
  readonly text: string;
}

/** A part's top-level declarations, each from its first line to the next one's. */
function topLevel(part: string): Declaration[] {
  const starts = [...part.matchAll(TOP_LEVEL)];
  return starts.map((m, i) => ({
    name: m[1] as string,
    bases: (/\bis\s+([\s\S]+)$/.exec(m[2] ?? "")?.[1] ?? "")
      .split(",")
      .map((b) => b.trim().split(/[\s(]/)[0] ?? "")
      .filter((b) => b !== ""),
    start: m.index,
    text: part.slice(m.index, starts[i + 1]?.index ?? part.length),
  }));
}

/**
 * A part can hold several files pasted without their headers (MissionMasterChef's first part: the main contract,
 * then an interface and the bases it derives from), and a contract declared before its base is refused in one file.
 * Its top-level declarations are put in an order where every base comes first; an order that is one already is kept.
 */
function basesFirst(part: string): string {
  const blocks = topLevel(part);
  if (blocks.length < 2) return part;
  const declaredHere = new Set(blocks.map((b) => b.name));
  const placed: string[] = [];
  const done = new Set<string>();
  while (placed.length < blocks.length) {
    const next = blocks.find((b) => !done.has(b.name) && b.bases.every((x) => !declaredHere.has(x) || done.has(x)));
    // A name declared twice, or bases in a cycle: left as written, for the compiler to say.
    if (next === undefined) return part;
    placed.push(next.text);
    done.add(next.name);
  }
  return part.slice(0, blocks[0]?.start ?? 0) + placed.join("");
}

/** Headers stripped with the files: a base declared in another part, which this one does not import, is imported. */
function withBaseImports(
  content: string,
  bases: readonly string[],
  fileOfBase: (name: string) => string | null,
): string {
  const files = [...new Set(bases.map(fileOfBase).filter((f): f is string => f !== null))].filter(
    (f) => !content.includes(`"./${f}"`) && !content.includes(`'./${f}'`),
  );
  if (files.length === 0) return content;
  const imports = files.map((f) => `import "./${f}"; // a base this part derives from`).join("\n");
  const pragma = /^\s*pragma solidity[^;]*;/m.exec(content);
  const at = pragma === null ? 0 : pragma.index + pragma[0].length;
  return `${content.slice(0, at)}\n${imports}${content.slice(at)}`;
}

/** Every .sol file of the release by its path under `contracts/`, and the paths each basename has. */
function indexTree(tree: OpenZeppelinTree): { files: Set<string>; byBase: Map<string, string[]> } {
  const files = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".sol")) files.add(path.relative(tree.root, full).split(path.sep).join("/"));
    }
  };
  walk(tree.root);
  const byBase = new Map<string, string[]>();
  for (const f of files) byBase.set(baseName(f), [...(byBase.get(baseName(f)) ?? []), f]);
  return { files, byBase };
}

/** Adds a release file and, through its own relative imports, everything it needs. */
function addFromTree(tree: OpenZeppelinTree, files: Set<string>, rel: string, out: Sources): void {
  const key = OZ_PREFIX + rel;
  if (out[key] !== undefined || !files.has(rel)) return;
  const content = readFileSync(path.join(tree.root, rel), "utf8");
  out[key] = { content };
  for (const m of content.matchAll(IMPORT)) {
    const target = m[3] as string;
    const next = target.startsWith(OZ_PREFIX)
      ? target.slice(OZ_PREFIX.length)
      : path.posix.normalize(path.posix.join(path.posix.dirname(rel), target));
    addFromTree(tree, files, next, out);
  }
}

/** The compiler input for a pasted multi-file source, or null where it is not one (fewer than two SPDX lines). */
export function sourcesFromConcatenation(
  text: string,
  mainContract: string,
  openZeppelin: OpenZeppelinTree | null,
): { sources: Sources; main: string } | null {
  const parts = splitParts(text);
  if (parts.length === 0) return null;
  const names = parts.map(declared);
  const fileOf = (i: number): string => `parts/${i}-${names[i]?.[0] ?? "file"}.sol`;
  const tree = openZeppelin !== null && existsSync(openZeppelin.root) ? openZeppelin : null;
  const index = tree === null ? null : indexTree(tree);
  const sources: Sources = {};

  // A file of free constants, enums and functions declares no name its import could be matched to (TITANX's
  // `libs/constant.sol`): such an import is pointed at every part that declares no contract, interface or library.
  const freeParts = (i: number): string | null => {
    const free = parts.flatMap((_, j) => (j !== i && names[j]?.length === 0 ? [path.posix.basename(fileOf(j))] : []));
    return free.length === 0 ? null : free.map((f) => `import "./${f}"; // free declarations`).join("\n");
  };
  /** The other part that declares `name`, or -1. */
  const partDeclaring = (name: string, except: number): number =>
    names.findIndex((n, j) => j !== except && n.includes(name));
  parts.forEach((part, i) => {
    const content = basesFirst(part).replace(
      IMPORT,
      (whole, head: string, quote: string, target: string, tail: string) => {
        const wanted = baseName(target);
        const owner = partDeclaring(wanted, i);
        if (owner >= 0) return `${head}${quote}./${path.posix.basename(fileOf(owner))}${quote}${tail}`;
        // The part itself declares it (two files pasted with one SPDX line): nothing to import.
        if (names[i]?.includes(wanted)) return `// ${whole.trim()} (declared in this part)`;
        if (tree === null || index === null) return freeParts(i) ?? whole;
        const rel = target.startsWith(OZ_PREFIX)
          ? target.slice(OZ_PREFIX.length)
          : index.byBase.get(wanted)?.length === 1
            ? index.byBase.get(wanted)?.[0]
            : undefined;
        if (rel === undefined || !index.files.has(rel)) return freeParts(i) ?? whole;
        addFromTree(tree, index.files, rel, sources);
        return `${head}${quote}${OZ_PREFIX}${rel}${quote}${tail}`;
      },
    );
    const bases = topLevel(part).flatMap((d) => d.bases);
    const fileOfBase = (name: string): string | null => {
      const owner = partDeclaring(name, i);
      return owner < 0 || names[i]?.includes(name) ? null : path.posix.basename(fileOf(owner));
    };
    sources[fileOf(i)] = { content: withBaseImports(content, bases, fileOfBase) };
  });

  const mainIndex = names.findIndex((n) => n.includes(mainContract));
  if (mainIndex < 0) return null;
  return { sources, main: fileOf(mainIndex) };
}
