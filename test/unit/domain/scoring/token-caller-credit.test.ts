import { expect } from "chai";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import type { HolderEffects, PrivilegedEffect } from "../../../../src/domain/scoring/profiles/capabilities";
import { describeEffect, effectKinds } from "../../../../src/domain/scoring/token/capability-effects";
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

  it("is take_held, not a credit, when the contract paid it out of the fees it held", () => {
    const payout = call({ callerAfter: 5_000n, tokenHeldBefore: 4_995n, tokenHeldAfter: 0n });
    expect(effectKinds(payout, HOLDERS)).to.deep.equal(["take_held"]);
  });
});

describe("capability effects: the contract's own holdings paid out (take_held)", () => {
  it("is take_held when the holdings went to the holder the call named, not a rewritten balance", () => {
    const recover = call({ targetAfter: 110n, tokenHeldBefore: 100n, tokenHeldAfter: 0n });
    expect(effectKinds(recover, HOLDERS)).to.deep.equal(["take_held"]);
  });

  it("allows a fee on the way out: what arrived may be less than what left, never more", () => {
    const taxed = call({ callerAfter: 95n, tokenHeldBefore: 100n, tokenHeldAfter: 0n });
    expect(effectKinds(taxed, HOLDERS)).to.deep.equal(["take_held"]);
    const more = call({ callerAfter: 500n, tokenHeldBefore: 100n, tokenHeldAfter: 0n });
    expect(effectKinds(more, HOLDERS)).to.deep.equal(["change_balance"]);
  });

  it("is nothing when the holdings left for someone else (a swap-back into the pool, a burn)", () => {
    const swapBack = call({ tokenHeldBefore: 100n, tokenHeldAfter: 0n });
    expect(effectKinds(swapBack, HOLDERS)).to.deep.equal([]);
    const burned = call({ tokenHeldBefore: 100n, tokenHeldAfter: 0n, supplyAfter: 900n, callerAfter: 50n });
    expect(effectKinds(burned, HOLDERS)).to.not.include("take_held");
  });
});

describe("capability effects: trading switched off again (pause)", () => {
  it("is pause when nobody can transfer any more", () => {
    const stopped = { targetTransferOk: false, otherTransferOk: false, sellOk: false, sellTaxBps: null };
    expect(effectKinds(call({ holders: stopped }), HOLDERS)).to.deep.equal(["pause"]);
  });

  it("is pause on a token open only to its pool when sells stop too, and nothing when sells still go through", () => {
    const poolOnly: HolderEffects = { targetTransferOk: false, otherTransferOk: false, sellOk: true, sellTaxBps: 0 };
    const closed = { targetTransferOk: false, otherTransferOk: false, sellOk: false, sellTaxBps: null };
    expect(effectKinds(call({ holders: closed }), poolOnly)).to.deep.equal(["pause"]);
    expect(describeEffect(call({ holders: closed, baseline: poolOnly }), ["pause"])).to.include(
      "no holder could sell any more",
    );
    expect(effectKinds(call({ holders: poolOnly }), poolOnly)).to.deep.equal([]);
  });
});

describe("capability effects: a fee setter, told from a swap-back switch by the fee taken in tokens", () => {
  const before: HolderEffects = { ...HOLDERS, sellTaxBps: 1_500, sellFeeBps: 500 };

  it("is no fee when only the price moved (the contract's swap-back of its fees switched off), the fee unchanged", () => {
    const switchedOff = call({ holders: { ...before, sellTaxBps: 500, sellFeeBps: 500 } });
    expect(effectKinds(switchedOff, before)).to.deep.equal([]);
  });

  it("is a fee when the fee taken in tokens moved", () => {
    const raised = call({ holders: { ...before, sellTaxBps: 2_500, sellFeeBps: 1_500 } });
    expect(effectKinds(raised, before)).to.deep.equal(["fee"]);
  });

  it("falls back to the price where the fee in tokens was not measured", () => {
    const unmeasured: HolderEffects = { ...HOLDERS, sellTaxBps: 1_500 };
    expect(effectKinds(call({ holders: { ...HOLDERS, sellTaxBps: 500 } }), unmeasured)).to.deep.equal(["fee"]);
  });
});
