import { expect } from "chai";
import { AbiCoder } from "ethers";
import { NFT_PROBE_ABI, decodeTryAll } from "../../../../src/adapters/chain/nft-probe-calls";
import { asHex } from "../../../../src/adapters/shared/hex-values";

const coder = AbiCoder.defaultAbiCoder();

/** What NftCapabilityProbe.tryAll answers, encoded by ethers: `null` is an attempt whose frame failed. */
function answer(
  before: readonly bigint[],
  results: readonly ({ ok: boolean; exhausted: boolean; after: readonly bigint[] } | null)[],
) {
  const encoded = results.map((r) =>
    r === null ? "0x" : coder.encode(["bool", "bool", "uint256[]"], [r.ok, r.exhausted, r.after]),
  );
  return asHex(NFT_PROBE_ABI.encodeFunctionResult("tryAll", [before, encoded]));
}

describe("decodeTryAll", () => {
  it("reads what ethers encodes: readings, each attempt's outcome, and failed frames as null", () => {
    const before = [1n, 2n ** 255n, 0n, 7n];
    const decoded = decodeTryAll(
      answer(before, [
        { ok: true, exhausted: false, after: [1n, 3n, 0n, 7n] },
        null,
        { ok: false, exhausted: true, after: [] },
        { ok: false, exhausted: false, after: [] },
      ]),
    );
    expect(decoded).to.deep.equal([
      { callOk: true, exhausted: false, before, after: [1n, 3n, 0n, 7n] },
      null,
      { callOk: false, exhausted: true, before, after: before },
      { callOk: false, exhausted: false, before, after: before },
    ]);
  });

  it("reads an answer with no attempts and no readings", () => {
    expect(decodeTryAll(answer([], []))).to.deep.equal([]);
  });

  it("throws on an answer cut short or with an offset past its end, as the coder does", () => {
    const whole = answer([5n], [{ ok: true, exhausted: false, after: [6n] }]);
    expect(() => decodeTryAll(asHex(whole.slice(0, whole.length - 64)))).to.throw(/ends before/);
    const badOffset = asHex(`0x${"f".repeat(64)}${whole.slice(66)}`);
    expect(() => decodeTryAll(badOffset)).to.throw(/beyond the data/);
  });
});
