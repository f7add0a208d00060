import { expect } from "chai";
import { parseCoinType, parseSuiAddress } from "../../../../src/domain/sui/sui-address";

describe("Sui addresses and coin types", () => {
  it("normalises short and mixed-case addresses to 0x + 64 lowercase hex", () => {
    expect(parseSuiAddress("0x2")).to.equal(`0x${"0".repeat(63)}2`);
    expect(parseSuiAddress(`0x${"AB".repeat(32)}`)).to.equal(`0x${"ab".repeat(32)}`);
  });

  it("refuses what is not an address", () => {
    for (const bad of ["", "0x", "2", "0xg", `0x${"1".repeat(65)}`, 5, null, " 0x2"])
      expect(parseSuiAddress(bad), String(bad)).to.equal(undefined);
  });

  it("parses 0x<hex>::<module>::<Name> and normalises the package", () => {
    expect(parseCoinType("0x2::sui::SUI")).to.equal(`0x${"0".repeat(63)}2::sui::SUI`);
  });

  it("refuses malformed, generic or oversized coin types", () => {
    for (const bad of [
      "0x2::sui",
      "0x2::sui::SUI::X",
      "sui::SUI",
      "0x2::1sui::SUI",
      "0x2::sui::SUI<u8>",
      "0x2:sui:SUI",
      `0x2::${"m".repeat(129)}::N`,
      42,
    ])
      expect(parseCoinType(bad), String(bad)).to.equal(undefined);
  });
});
