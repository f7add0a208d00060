import { expect } from "chai";
import { mkdtemp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { compileContracts } from "../../../src/dev-world/compile";

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
contract Tiny is ERC20 { constructor() ERC20("Tiny", "TNY") { _mint(msg.sender, 1); } }
`;

describe("compileContracts", function () {
  this.timeout(60_000);
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "credence-solc-"));
    await mkdir(path.join(dir, "src", "nested"), { recursive: true });
    await writeFile(path.join(dir, "src", "nested", "Tiny.sol"), SOURCE);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("compiles nested sources with OpenZeppelin imports and caches the result by content", async () => {
    const options = { sourceDir: path.join(dir, "src"), cacheDir: path.join(dir, "cache") };
    const compiled = await compileContracts(options);
    expect(Object.keys(compiled)).to.deep.equal(["Tiny"]);
    expect(compiled["Tiny"]?.bytecode).to.match(/^0x60[0-9a-f]{100,}$/);
    expect(compiled["Tiny"]?.abi.length).to.be.greaterThan(5);
    expect(await readdir(options.cacheDir)).to.have.length(1);

    expect(await compileContracts(options)).to.deep.equal(compiled);
    await writeFile(path.join(dir, "src", "nested", "Tiny.sol"), SOURCE.replace('"TNY"', '"TNX"'));
    await compileContracts(options);
    expect(await readdir(options.cacheDir)).to.have.length(2);
  });
});
