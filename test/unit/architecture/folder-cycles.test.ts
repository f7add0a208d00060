import { expect } from "chai";
import { folderCycles } from "../../../scripts/folder-cycles";

const module = (source: string, ...targets: string[]) => ({
  source,
  dependencies: targets.map((resolved) => ({ resolved })),
});

describe("folder cycle check", () => {
  it("finds two area folders importing each other, even through different files", () => {
    const cycles = folderCycles({
      modules: [
        module("src/application/use-cases/scoring/a.ts", "src/application/use-cases/staking/b.ts"),
        module("src/application/use-cases/staking/c.ts", "src/application/use-cases/scoring/d.ts"),
      ],
    });
    expect(cycles).to.deep.equal([["application/use-cases/scoring", "application/use-cases/staking"]]);
  });

  it("finds a longer loop and ignores one-way dependencies and imports inside a folder", () => {
    expect(
      folderCycles({
        modules: [
          module("src/domain/a/x.ts", "src/domain/b/y.ts", "src/domain/a/z.ts"),
          module("src/domain/b/y.ts", "src/domain/c/w.ts"),
          module("src/domain/c/w.ts", "src/domain/a/x.ts"),
          module("src/adapters/http/r.ts", "src/domain/a/x.ts", "node_modules/koa/index.js"),
        ],
      }),
    ).to.deep.equal([["domain/a", "domain/b", "domain/c"]]);
  });

  it("passes a tree without loops", () => {
    expect(folderCycles({ modules: [module("src/domain/a/x.ts", "src/domain/b/y.ts")] })).to.deep.equal([]);
  });
});
