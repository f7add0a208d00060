/**
 * Fails when two folders import each other (a loop dependency-cruiser's module-level `no-circular`
 * rule does not see): read depcruise's JSON on stdin, fold modules into their area folder
 * (src/<layer>/<area>, src/application/use-cases/<area>), and look for any cycle between folders.
 *   depcruise src --config .dependency-cruiser.cjs --output-type json | tsx scripts/folder-cycles.ts
 */
import { readFileSync } from "node:fs";

interface CruiseResult {
  readonly modules: ReadonlyArray<{
    readonly source: string;
    readonly dependencies: ReadonlyArray<{ readonly resolved: string }>;
  }>;
}

const AREA = /^src\/(application\/use-cases|domain|application|adapters|infrastructure)\/([^/]+)\//;

function areaOf(path: string): string | null {
  const match = AREA.exec(path);
  return match === null ? null : `${match[1]}/${match[2]}`;
}

export function folderCycles(result: CruiseResult): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const module of result.modules) {
    const from = areaOf(module.source);
    if (from === null) continue;
    for (const dependency of module.dependencies) {
      const to = areaOf(dependency.resolved);
      if (to === null || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // Tarjan's strongly connected components: every component of more than one folder is a loop.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

if (process.argv[1]?.endsWith("folder-cycles.ts")) {
  const cycles = folderCycles(JSON.parse(readFileSync(0, "utf8")) as CruiseResult);
  if (cycles.length > 0) {
    for (const cycle of cycles) console.error(`folder cycle: ${cycle.join(" <-> ")}`);
    process.exit(1);
  }
  console.log("✔ no folder cycles");
}
