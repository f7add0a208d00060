import { expect } from "chai";
import { SystemGatingClock } from "../../../src/adapters/attestation/system-gating-clock.adapter";

describe("SystemGatingClock", () => {
  it("reads whole Unix seconds from the wall clock", () => {
    const before = Math.floor(Date.now() / 1000);
    const now = new SystemGatingClock().nowSeconds();
    expect(Number.isInteger(now)).to.equal(true);
    expect(now).to.be.within(before, before + 1);
  });
});
