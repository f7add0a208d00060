import { expect } from "chai";
import {
  addressArgument,
  addressAt,
  addressFromWord,
  addressTopic,
  wordAt,
} from "../../../../src/domain/chain/abi-words";
import { asAddress } from "../../../../src/domain/chain/address";

const A = asAddress("0x00000000000000000000000000000000000000a1");
const word = (hex: string) => hex.padStart(64, "0");

describe("ABI words", () => {
  it("reads the n-th word, and null past the end or on non-hex", () => {
    const data = `0x${word("1")}${word("ff")}`;
    expect(wordAt(data, 0)).to.equal(1n);
    expect(wordAt(data, 1)).to.equal(255n);
    expect(wordAt(data, 2)).to.equal(null);
    expect(wordAt(`0x${"zz".repeat(32)}`, 0)).to.equal(null);
  });

  it("round-trips an address through a topic and an argument", () => {
    expect(addressTopic(A)).to.equal(`0x${word("a1")}`);
    expect(addressArgument(A)).to.equal(word("a1"));
    expect(addressFromWord(addressTopic(A))).to.equal(A);
    expect(addressAt(`0x${word("5")}${addressArgument(A)}`, 1)).to.equal(A);
  });

  it("refuses a word whose upper 96 bits are not zero as an address", () => {
    const dirty = `0x${"1".padEnd(24, "0")}${A.slice(2)}`;
    expect(addressFromWord(dirty)).to.equal(null);
    expect(addressAt(dirty, 0)).to.equal(null);
    expect(addressFromWord(undefined)).to.equal(null);
  });
});
