import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { Hex, TxHash } from "../../../../src/domain/chain/chain-types";
import type { PrivilegedEffect } from "../../../../src/domain/scoring/profiles/capabilities";
import { capabilityFindings } from "../../../../src/domain/scoring/token/capability-flags";
import { addr } from "./support/builders";
import { cleanCapabilities } from "./support/token-fixtures";

const WALLET = addr(0x7001);
const TARGET = addr(0x7002);
const SET_BOTS = "0x9c0db5f3";
const word = (value: bigint | string): string => BigInt(value).toString(16).padStart(64, "0");

/** setBots(address[]) as the probe called it: one simulated holder in an array, frozen afterwards. */
const frozen: PrivilegedEffect = {
  selector: SET_BOTS,
  calldata: `${SET_BOTS}${word(0x40n)}${word(1n)}${word(1n)}${word(TARGET)}` as Hex,
  caller: { address: WALLET, role: "stored", slot: 6 },
  target: TARGET,
  supplyBefore: 1_000n,
  supplyAfter: 1_000n,
  targetBefore: 10n,
  targetAfter: 10n,
  callerBefore: 0n,
  callerAfter: 0n,
  ownerBefore: ZERO_ADDRESS,
  ownerAfter: ZERO_ADDRESS,
  holders: { targetTransferOk: false, otherTransferOk: true, sellOk: true, sellTaxBps: 30 },
};

describe("token flags: a blacklist that takes an array of addresses", () => {
  it("HOLDERS_BLACKLISTED lists the array's holders from a mined setBots(address[]) call, not its offset", () => {
    const bots = [addr(0xb01), addr(0xb02), addr(0xb03)];
    const args = [0x20n, 3n, ...bots.map((b) => BigInt(b))];
    const history = [
      {
        txHash: `0x${"ab".repeat(32)}` as TxHash,
        blockNumber: 9,
        timestamp: 1,
        from: WALLET,
        selector: SET_BOTS,
        args,
      },
    ];
    const { flags } = capabilityFindings(cleanCapabilities({ owner: ZERO_ADDRESS, effects: [frozen], history }), {
      measuredSellTaxBps: null,
      blacklistedNow: [],
    });
    expect(flags.map((f) => f.code)).to.include.members(["OWNER_CAN_BLACKLIST", "HIDDEN_OWNER"]);
    expect(flags.find((f) => f.code === "HOLDERS_BLACKLISTED")?.evidence.holders).to.deep.equal(bots);
  });
});
