import { expect } from "chai";
import {
  compareDecimalAmounts,
  parseDecimalAmount,
  type DecimalAmount,
} from "../../../../src/domain/gating/decimal-amount";

describe("decimal amounts", () => {
  it("canonicalises numbers and decimal strings", () => {
    expect(parseDecimalAmount(12.5)).to.equal("12.5");
    expect(parseDecimalAmount("007.500")).to.equal("7.5");
    expect(parseDecimalAmount("0")).to.equal("0");
    expect(parseDecimalAmount("123456789012345678901234567890")).to.equal("123456789012345678901234567890");
  });

  it("rejects negatives, exponents, non-numbers", () => {
    for (const bad of [-1, "-1", 1e21, 1e-7, Number.NaN, Infinity, "1e3", "", ".5", "1.", true, null]) {
      expect(parseDecimalAmount(bad), String(bad)).to.equal(undefined);
    }
  });

  it("compares exactly beyond float precision", () => {
    const a = "9007199254740993" as DecimalAmount;
    const b = "9007199254740992.9999" as DecimalAmount;
    expect(compareDecimalAmounts(a, b)).to.equal(1);
    expect(compareDecimalAmounts(b, a)).to.equal(-1);
    expect(compareDecimalAmounts("1.5" as DecimalAmount, "1.50" as DecimalAmount)).to.equal(0);
  });
});
