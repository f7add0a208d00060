import { expect } from "chai";
import { keccak256 } from "ethers";
import { loadUniswapArtifacts, patchRouterInitCodeHash } from "../../../src/dev-world/uniswap-artifacts";

const PUBLISHED = "96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";

describe("Uniswap V2 artifacts", () => {
  it("load with a router that already carries the pair's init-code hash", () => {
    const uniswap = loadUniswapArtifacts();
    expect(uniswap.pairInitCodeHash).to.equal(keccak256(uniswap.pair.bytecode));
    expect(uniswap.router.bytecode).to.contain(uniswap.pairInitCodeHash.slice(2));
    expect(uniswap.factory.bytecode).to.contain(uniswap.pair.bytecode.slice(2));
  });

  it("patch the published hash to the actual one when they differ", () => {
    const actual = `0x${"ab".repeat(32)}`;
    const router = `0x6080${PUBLISHED}00${PUBLISHED}`;
    expect(patchRouterInitCodeHash(router, actual)).to.equal(`0x6080${"ab".repeat(32)}00${"ab".repeat(32)}`);
  });

  it("leave a router that already matches untouched, and refuse one holding neither hash", () => {
    expect(patchRouterInitCodeHash(`0x60${PUBLISHED}`, `0x${PUBLISHED}`)).to.equal(`0x60${PUBLISHED}`);
    expect(() => patchRouterInitCodeHash("0x6080", `0x${"ab".repeat(32)}`)).to.throw("neither");
  });
});
