import { expect } from "chai";
import { disassemble, opcodeFindings, withoutMetadata } from "../../../../src/domain/chain/evm-disassembler";

describe("EVM disassembler", () => {
  it("steps over PUSH data: an 0xff pushed as a constant is not a SELFDESTRUCT", () => {
    // PUSH2 0xffff, POP, STOP
    expect(opcodeFindings("0x61ffff5000").selfDestruct).to.deep.equal([]);
    // CALLER, SELFDESTRUCT
    expect(opcodeFindings("0x33ff").selfDestruct).to.deep.equal([1]);
  });

  it("ignores dead bytes after a terminator until the next JUMPDEST", () => {
    // STOP, then 0xff (data), then JUMPDEST, CALLER, SELFDESTRUCT
    expect(opcodeFindings("0x00ff5b33ff").selfDestruct).to.deep.equal([4]);
  });

  it("cuts the compiler's CBOR metadata (length in the last two bytes)", () => {
    const code = "0x00" + "a1ffff" + "0003";
    expect(withoutMetadata(code.slice(2))).to.equal("00");
    expect(opcodeFindings(code).selfDestruct).to.deep.equal([]);
  });

  it("finds dispatched selectors (PUSH4 then EQ) and pushed 32-byte words", () => {
    const code = `0x8063a9059cbb14${"7f" + "11".repeat(32)}`;
    const found = opcodeFindings(code);
    expect(found.dispatched).to.deep.equal(["a9059cbb"]);
    expect([...found.words]).to.deep.equal(["11".repeat(32)]);
    expect(disassemble("0x6001")[0]).to.deep.equal({ pc: 0, op: 0x60, push: "01" });
  });
});
