import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const PORTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../src/application/ports");

/** `sell-simulator.port.ts` -> `SellSimulator`. */
const tokenNameOf = (fileName: string): string =>
  fileName
    .replace(/\.port\.ts$/, "")
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

/** A port file is named for the token or the interface it exports (ReadinessProbe's token is ReadinessProbes). */
const namedForItsExport = (fileName: string, source: string): boolean => {
  const name = tokenNameOf(fileName);
  return new RegExp(`export (const ${name} = Symbol\\.for\\(|interface ${name}\\b)`).test(source);
};

describe("port file names (issue 30, item 6)", () => {
  it("tells a file named for its token from one that is not", () => {
    const source = 'export interface SellSimulator {}\nexport const SellSimulator = Symbol.for("SellSimulator");';
    expect(namedForItsExport("sell-simulator.port.ts", source)).to.equal(true);
    expect(namedForItsExport("scoring-sell-simulator.port.ts", source)).to.equal(false);
  });

  it("names every file in src/application/ports for the token or interface it exports", () => {
    const files = readdirSync(PORTS).filter((f) => f.endsWith(".port.ts"));
    expect(files.length).to.be.greaterThan(40);
    const misnamed = files.filter((f) => !namedForItsExport(f, readFileSync(path.join(PORTS, f), "utf8")));
    expect(misnamed).to.deep.equal([]);
  });
});
