import { expect } from "chai";
import { asSuiAddress } from "../../../../src/domain/sui/sui-address";
import type { SuiAddressActivity } from "../../../../src/domain/sui/sui-facts";
import { walletWriteDecision } from "../../../../src/domain/sui/wallet-write-decision";

const nothing: SuiAddressActivity = {
  address: asSuiAddress("0x7"),
  transactionCount: 0,
  truncated: false,
  firstAtMs: null,
  lastAtMs: null,
  timestampsMs: [],
  counterparties: [],
  objectsCreated: 0,
  packagesCalled: [],
};

describe("walletWriteDecision", () => {
  it("refuses to write an address nothing has happened to (no_history)", () => {
    expect(walletWriteDecision(nothing)).to.deep.equal({ write: false, reason: "no_history" });
  });

  it("writes an address with one transaction, a first time, or a created object", () => {
    for (const seen of [
      { ...nothing, transactionCount: 1 },
      { ...nothing, firstAtMs: 1_700_000_000_000, lastAtMs: 1_700_000_000_000 },
      { ...nothing, objectsCreated: 1 },
    ])
      expect(walletWriteDecision(seen), JSON.stringify(seen)).to.deep.equal({ write: true });
  });
});
