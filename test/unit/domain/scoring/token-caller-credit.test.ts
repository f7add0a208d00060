import { expect } from "chai";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import type { HolderEffects, PrivilegedEffect } from "../../../../src/domain/scoring/profiles/capabilities";
import { effectKinds } from "../../../../src/domain/scoring/token/capability-effects";
import { addr } from "./support/builders";

const HOLDERS: HolderEffects = { targetTransferOk: true, otherTransferOk: true, sellOk: true, sellTaxBps: 30 };

function call(overrides: Partial<PrivilegedEffect>): PrivilegedEffect {
  return {
    selector: "0x11111111",
    calldata: "0x11111111" as Hex,
    caller: { address: addr(0x0e1), role: "owner", slot: null },
    target: addr(0x7a1),
    supplyBefore: 1_000n,
    supplyAfter: 1_000n,
    targetBefore: 10n,
    targetAfter: 10n,
    callerBefore: 5n,
    callerAfter: 5n,
    ownerBefore: addr(0x0e1),
    ownerAfter: addr(0x0e1),
    holders: HOLDERS,
    ...overrides,
  };
}

describe("capability effects: a privileged credit to the caller's own balance", () => {
  it("is change_balance without a supply change, and mint with one", () => {
    expect(effectKinds(call({ callerAfter: 5_000n }), HOLDERS)).to.deep.equal(["change_balance"]);
    expect(effectKinds(call({ callerAfter: 5_000n, supplyAfter: 5_995n }), HOLDERS)).to.deep.equal(["mint"]);
  });

  it("is nothing when the contract paid it out of the fees it held (a transfer, not a credit)", () => {
    const payout = call({ callerAfter: 5_000n, tokenHeldBefore: 4_995n, tokenHeldAfter: 0n });
    expect(effectKinds(payout, HOLDERS)).to.deep.equal([]);
  });
});
