import { expect } from "chai";
import { isRight, isLeft } from "fp-ts/Either";
import { boundedText, textDefect, WellFormedText } from "../../../../src/domain/text/well-formed-text";

describe("well-formed text", () => {
  it("accepts ordinary text, emoji (paired surrogates), RTL marks, tabs and newlines", () => {
    for (const value of ["hello", "😀 ok", "\u202Eevil", "a\tb\nc\r\n", "", "שלום"]) {
      expect(textDefect(value), JSON.stringify(value)).to.equal(null);
      expect(isRight(WellFormedText.decode(value))).to.equal(true);
    }
  });

  it("refuses lone high and low surrogates wherever they stand", () => {
    for (const value of ["\uD800", "a\uD800b", "\uDC00", "x\uDFFF", "\uDE00\uD83D", "😀\uD83D"]) {
      expect(textDefect(value), JSON.stringify(value)).to.equal("lone_surrogate");
      expect(isLeft(WellFormedText.decode(value))).to.equal(true);
    }
  });

  it("refuses NUL, other C0 controls and DEL", () => {
    for (const value of ["\u0000", "a\u0001", "\u001B[31m", "\u007F", "\u000B", "\u000C"]) {
      expect(textDefect(value), JSON.stringify(value)).to.equal("control_character");
    }
  });

  it("bounds length", () => {
    expect(isRight(boundedText(3).decode("abc"))).to.equal(true);
    expect(isLeft(boundedText(3).decode("abcd"))).to.equal(true);
    expect(isLeft(boundedText(3).decode(42))).to.equal(true);
  });
});
