import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import type { HolderEffects, PrivilegedEffect } from "../../../../src/domain/scoring/profiles/capabilities";
import { capabilityFindings } from "../../../../src/domain/scoring/token/capability-flags";
import { addr } from "./support/builders";
import { cleanCapabilities } from "./support/token-fixtures";

const KEEPER = addr(0x7001);
const TARGET = addr(0x7002);
const HOLDERS: HolderEffects = { targetTransferOk: true, otherTransferOk: true, sellOk: true, sellTaxBps: 30 };

function effect(selector: string, overrides: Partial<PrivilegedEffect> = {}): PrivilegedEffect {
  return {
    selector,
    calldata: selector as Hex,
    caller: { address: KEEPER, role: "stored", slot: 7 },
    target: TARGET,
    supplyBefore: 1_000n,
    supplyAfter: 1_000n,
    targetBefore: 10n,
    targetAfter: 10n,
    callerBefore: 0n,
    callerAfter: 0n,
    ownerBefore: ZERO_ADDRESS,
    ownerAfter: ZERO_ADDRESS,
    holders: HOLDERS,
    ...overrides,
  };
}
const findings = (effects: PrivilegedEffect[]) =>
  capabilityFindings(cleanCapabilities({ owner: ZERO_ADDRESS, effects }), {
    measuredSellTaxBps: null,
    blacklistedNow: [],
  });
const codes = (effects: PrivilegedEffect[]) => findings(effects).flags.map((f) => f.code);

describe("token flags: ownership taken back after renouncing", () => {
  const takeBack = effect("0x0c598fc5", { ownerAfter: KEEPER });

  it("OWNERSHIP_TAKE_BACK (high) names the function, the caller, its storage slot and owner before/after", () => {
    const flag = findings([takeBack]).flags.find((f) => f.code === "OWNERSHIP_TAKE_BACK");
    expect(flag?.severity).to.equal("high");
    expect(flag?.evidence.figures).to.deep.equal({
      selector: "0x0c598fc5",
      caller: KEEPER,
      callerRole: "stored",
      ownerBefore: ZERO_ADDRESS,
      ownerAfter: KEEPER,
      slot: 7,
    });
    expect(flag?.evidence.counterparties).to.deep.equal([KEEPER]);
  });

  it("is neither OWNERSHIP_RENOUNCED nor, on its own, HIDDEN_OWNER", () => {
    expect(codes([takeBack])).to.deep.equal(["OWNERSHIP_TAKE_BACK"]);
  });

  it("a hidden caller that also rewrites balances raises HIDDEN_OWNER beside it, which notes the way back", () => {
    const rewrite = effect("0x11111111", { targetAfter: 999n });
    const raised = findings([rewrite, takeBack]).flags;
    expect(raised.map((f) => f.code)).to.include.members([
      "HIDDEN_OWNER",
      "OWNERSHIP_TAKE_BACK",
      "OWNER_CAN_CHANGE_BALANCE",
    ]);
    expect(raised.find((f) => f.code === "HIDDEN_OWNER")?.evidence.figures?.canTakeBackOwnership).to.equal("yes");
  });

  it("a renounced token where no call had an effect reads OWNERSHIP_RENOUNCED and nothing else", () => {
    expect(codes([])).to.deep.equal(["OWNERSHIP_RENOUNCED"]);
  });
});
