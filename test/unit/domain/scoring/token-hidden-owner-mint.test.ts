import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { Hex } from "../../../../src/domain/chain/chain-types";
import type { HolderEffects, PrivilegedEffect } from "../../../../src/domain/scoring/profiles/capabilities";
import { capabilityFindings } from "../../../../src/domain/scoring/token/capability-flags";
import { addr } from "./support/builders";
import { cleanCapabilities } from "./support/token-fixtures";

const GENESIS = addr(0x7101);
const HOLDERS: HolderEffects = { targetTransferOk: true, otherTransferOk: true, sellOk: true, sellTaxBps: 30 };

/** A mint by a caller that owner() does not name (TITANX's genesis address: no owner() at all). */
function hiddenMint(selector: string, reach: PrivilegedEffect["mintReach"]): PrivilegedEffect {
  return {
    selector,
    calldata: selector as Hex,
    caller: { address: GENESIS, role: "deployer", slot: null },
    target: GENESIS,
    supplyBefore: 1_000n,
    supplyAfter: 2_000n,
    targetBefore: 0n,
    targetAfter: 1_000n,
    callerBefore: 0n,
    callerAfter: 1_000n,
    ownerBefore: ZERO_ADDRESS,
    ownerAfter: ZERO_ADDRESS,
    holders: HOLDERS,
    ...(reach === undefined ? {} : { mintReach: reach }),
  };
}
const hiddenOwner = (effects: PrivilegedEffect[]) =>
  capabilityFindings(cleanCapabilities({ owner: null, effects }), {
    measuredSellTaxBps: null,
    blacklistedNow: [],
  }).flags.find((f) => f.code === "HIDDEN_OWNER");

describe("token flags: a hidden owner's mint and its reach", () => {
  const once = hiddenMint("0xe3d3227d", { repeatable: false, callerChoosesAmount: false });
  const any = hiddenMint("0x40c10f19", { repeatable: true, callerChoosesAmount: true });

  it("says a hidden caller's one-time mint is bounded, as OWNER_CAN_MINT's evidence does", () => {
    expect(hiddenOwner([once])?.evidence.detail).to.include(
      "; bounded: the same call made again right after minted nothing",
    );
  });

  it("tells the mint of any amount first when the same caller has both", () => {
    const detail = hiddenOwner([once, any])?.evidence.detail ?? "";
    expect(detail).to.include("0x40c10f19");
    expect(detail).to.include("; any amount: repeatable, amount chosen by the caller");
    expect(detail).not.to.include("bounded");
  });
});
