import { expect } from "chai";
import { readFileSync } from "node:fs";
import { flagCatalogueMarkdown } from "../../../src/domain/scoring";

describe("docs/flags.md", () => {
  it("lists every flag code with the rule the code applies (generated from the catalogue)", () => {
    const guide = readFileSync(new URL("../../../docs/flags.md", import.meta.url), "utf8");
    expect(guide).to.contain(flagCatalogueMarkdown().trim());
  });
});
