import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The layers where a module has a folder of its own, in src and in the tests that mirror it. */
const LAYERS = [
  "src/domain",
  "src/application/use-cases",
  "src/adapters",
  "test/unit/domain",
  "test/unit/application",
  "test/unit/adapters",
  "test/integration/adapters",
];

/** Names a module had before it got one name in every layer: graph trust was `graph`, the Sui app `alt`/`second-chain`. */
const RETIRED = new Set(["graph", "alt", "second-chain"]);

const retiredFolders = (layers: readonly string[], folderNames: (layer: string) => string[]): string[] =>
  layers.flatMap((layer) =>
    folderNames(layer)
      .filter((name) => RETIRED.has(name))
      .map((name) => `${layer}/${name}`),
  );

const foldersOf = (layer: string): string[] =>
  readdirSync(path.join(ROOT, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("one name per module in every layer (issue 30, item 6)", () => {
  it("tells a retired module name from a current one", () => {
    const names: Record<string, string[]> = { "src/domain": ["graph", "graph-trust"], "src/adapters": ["sui"] };
    expect(retiredFolders(Object.keys(names), (layer) => names[layer] ?? [])).to.deep.equal(["src/domain/graph"]);
  });

  it("has no layer folder under a retired name (graph trust is graph-trust, the Sui app sui)", () => {
    expect(retiredFolders(LAYERS, foldersOf)).to.deep.equal([]);
    for (const layer of ["src/domain", "src/application/use-cases", "test/unit/domain", "test/unit/application"]) {
      expect(foldersOf(layer), layer).to.include("graph-trust");
    }
  });
});
