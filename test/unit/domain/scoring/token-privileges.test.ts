import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import { scanBytecode } from "../../../../src/domain/scoring/token/bytecode";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { addr, bytecodeWith } from "./support/builders";
import { NOW, healthyPool, healthyScript, tokenProfile } from "./support/token-fixtures";
import { codes } from "./support/wallet-fixtures";

const EIP1967 = "360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

function scoreWithCode(bytecode: Hex, owner: ReturnType<typeof addr> | null = addr(0x0e0e)) {
  const s = healthyScript();
  return scoreToken(tokenProfile(s.market([healthyPool(s)], owner), { bytecode }), NOW);
}

describe("bytecode scanning", () => {
  it("finds selectors pushed by the dispatcher, including short pushes of selectors with leading zeros", () => {
    const scan = scanBytecode("0x6340c10f191462b8cf2a1400" as Hex);
    expect([...scan.selectors]).to.include.members(["40c10f19", "00b8cf2a"]);
  });

  it("does not mistake bytes inside a PUSH32 constant for a selector", () => {
    const word = "40c10f19".padEnd(64, "0");
    const scan = scanBytecode(`0x7f${word}00` as Hex);
    expect(scan.selectors.has("40c10f19")).to.equal(false);
    expect(scan.words.has(word)).to.equal(true);
  });
});

describe("token flags: owner privileges from bytecode", () => {
  const cases: [string, string][] = [
    ["40c10f19", "OWNER_CAN_MINT"],
    ["f9f92be4", "OWNER_CAN_BLACKLIST"],
    ["8456cb59", "OWNER_CAN_PAUSE"],
    ["69fe0e2d", "OWNER_CAN_SET_FEES"],
    ["3659cfe6", "UPGRADEABLE_PROXY"],
    ["4f1ef286", "UPGRADEABLE_PROXY"],
  ];
  for (const [selector, code] of cases) {
    it(`${code} fires for selector 0x${selector} and names it`, () => {
      const flag = scoreWithCode(bytecodeWith(["a9059cbb", selector])).flags.find((f) => f.code === code);
      expect(flag?.evidence.detail).to.include(`0x${selector}`);
      expect(flag?.points).to.be.lessThan(0);
    });
  }

  it("UPGRADEABLE_PROXY fires for the EIP-1967 slot, and the unseen implementation is a limitation", () => {
    const result = scoreWithCode(bytecodeWith([], [EIP1967]));
    expect(codes(result)).to.include("UPGRADEABLE_PROXY");
    expect(result.limitations.join(" ")).to.include("implementation's functions were not inspected");
  });

  it("raises nothing for a plain ERC-20", () => {
    expect(codes(scoreWithCode(bytecodeWith(["a9059cbb", "095ea7b3"])))).to.deep.equal([]);
  });

  it("turns owner-only powers into info when ownership is renounced, but keeps the upgrade path", () => {
    const result = scoreWithCode(bytecodeWith(["40c10f19", "8456cb59", "3659cfe6"]), ZERO_ADDRESS);
    const mint = result.flags.find((f) => f.code === "OWNER_CAN_MINT");
    expect([mint?.severity, mint?.points]).to.deep.equal(["info", 0]);
    expect(mint?.evidence.detail).to.include("ownership renounced");
    expect(result.flags.find((f) => f.code === "UPGRADEABLE_PROXY")?.severity).to.equal("medium");
  });
});
