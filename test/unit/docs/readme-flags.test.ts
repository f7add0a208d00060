import { expect } from "chai";
import { readFileSync } from "node:fs";
import { flagCatalogueMarkdown } from "../../../src/domain/scoring";

describe("README", () => {
  it("lists every flag code with the rule the code applies (generated from the catalogue)", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).to.contain(flagCatalogueMarkdown().trim());
  });
});
