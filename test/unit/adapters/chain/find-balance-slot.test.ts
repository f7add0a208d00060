import { expect } from "chai";
import * as TE from "fp-ts/TaskEither";
import type { CallOutcome, ChainReader, StateOverrides } from "../../../../src/application/ports/chain-reader.port";
import { asAddress } from "../../../../src/domain/chain/address";
import { wordAt } from "../../../../src/domain/chain/abi-words";
import {
  MAPPING_SLOT_CANDIDATES,
  balanceKey,
  findBalanceSlot,
  wordHex,
} from "../../../../src/adapters/chain/sell-simulator-calls";
import { asHex } from "../../../../src/adapters/shared/hex-values";

const TOKEN = asAddress("0x00000000000000000000000000000000000000aa");

/**
 * A token whose balanceOf(holder) is the sum of the holder's entries in mappings at `slots` (one slot for a plain
 * ERC-20), read from storage as an eth_call with state overrides sees it. Counts the calls made.
 */
function tokenSummingMappings(slots: readonly number[]): Pick<ChainReader, "call"> & { calls: number } {
  const reader = {
    calls: 0,
    call(request: { to: string; data: string }, overrides?: StateOverrides): TE.TaskEither<never, CallOutcome> {
      reader.calls++;
      const holder = asAddress(`0x${request.data.slice(-40)}`);
      const storage = overrides?.[TOKEN]?.stateDiff ?? {};
      const balance = slots.reduce((sum, slot) => {
        const word = storage[balanceKey(holder, slot)];
        return sum + (word === undefined ? 0n : (wordAt(word, 0) ?? 0n));
      }, 0n);
      return TE.right({ ok: true, returnData: wordHex(balance) });
    },
  };
  return reader;
}

describe("findBalanceSlot", () => {
  it("names the balance mapping's slot with one call, and confirms it with the slot written alone", async () => {
    // 51 and 101: after OpenZeppelin upgradeable bases' 50-word storage gaps.
    for (const slot of [0, 5, 20, 51, 101]) {
      const token = tokenSummingMappings([slot]);
      expect(await findBalanceSlot(token, TOKEN)).to.equal(slot);
      expect(token.calls).to.equal(2);
    }
  });

  it("searches slot by slot when balanceOf adds two mappings, and finds the first", async () => {
    const token = tokenSummingMappings([3, 7]);
    expect(await findBalanceSlot(token, TOKEN)).to.equal(3);
    expect(token.calls).to.equal(1 + MAPPING_SLOT_CANDIDATES.length);
  });

  it("is null for a mapping it cannot see (between or beyond the probed slots, or none)", async () => {
    expect(await findBalanceSlot(tokenSummingMappings([21]), TOKEN)).to.equal(null);
    expect(await findBalanceSlot(tokenSummingMappings([250]), TOKEN)).to.equal(null);
    expect(await findBalanceSlot(tokenSummingMappings([]), TOKEN)).to.equal(null);
  });

  it("is null when balanceOf reverts", async () => {
    const reverting: Pick<ChainReader, "call"> = {
      call: () => TE.right({ ok: false, revertData: asHex("0x"), reason: null }),
    };
    expect(await findBalanceSlot(reverting, TOKEN)).to.equal(null);
  });
});
