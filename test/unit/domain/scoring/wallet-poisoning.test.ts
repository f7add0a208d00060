import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import type { TokenTransfer } from "../../../../src/domain/chain/chain-types";
import type { PoisoningVictimHistory, WalletProfile } from "../../../../src/domain/scoring";
import { flagRule } from "../../../../src/domain/scoring/flag-catalogue";
import { poisoningVictimCandidates } from "../../../../src/domain/scoring/wallet/poisoning";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { DAY, T0, complete, emptyWallet, transfer, tx } from "./support/builders";
import { NOW, STABLE, codes } from "./support/wallet-fixtures";

const a = (hex: string): Address => hex.toLowerCase() as Address;
const VICTIM = a("0x9999000000000000000000000000000000000001");
/** The victim's real counterparty: it paid it twice. */
const FRIEND = a("0x1234aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd");
/** A vanity look-alike of FRIEND: same first four and last four hex digits. */
const LOOK_ALIKE = a("0x1234bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbabcd");
/** Copies only FRIEND's first four digits. */
const FIRST_FOUR_ONLY = a("0x1234cccccccccccccccccccccccccccccccc0000");
/** Looks like nobody the victim pays. */
const STRANGER = a("0x5678dddddddddddddddddddddddddddddddd5678");
const FAKE_TOKEN = a("0xfa4e000000000000000000000000000000000001");

const at = (day: number) => T0 + day * DAY;

/** The victim's history: two real USDC payments to FRIEND. */
function victimHistory(extra: readonly TokenTransfer[] = []): PoisoningVictimHistory {
  return {
    victim: VICTIM,
    transactions: [],
    tokenTransfers: [
      transfer({ token: STABLE, from: VICTIM, to: FRIEND, value: 750_000_000n, timestamp: at(1) }),
      transfer({ token: STABLE, from: VICTIM, to: FRIEND, value: 1_200_000_000n, timestamp: at(2) }),
      ...extra,
    ],
  };
}

/** A sender whose own history holds a zero-value transferFrom(victim -> sender) and fake-token dust to the victim. */
function sender(address: Address, victims: readonly PoisoningVictimHistory[] | undefined): WalletProfile {
  const zero = transfer({ token: STABLE, from: VICTIM, to: address, value: 0n, timestamp: at(3) });
  const dust = transfer({ token: FAKE_TOKEN, from: address, to: VICTIM, value: 1n, timestamp: at(3) + 3_600 });
  return {
    ...emptyWallet(address),
    tokenTransfers: complete([zero, dust]),
    ...(victims === undefined ? {} : { poisoningVictims: victims, poisoningVictimsSkipped: 0 }),
  };
}

describe("wallet flags: ADDRESS_POISONING_SENDER", () => {
  it("flags a look-alike of the victim's real counterparty that sent it zero-value transfers and dust", () => {
    const profile = sender(LOOK_ALIKE, [victimHistory()]);
    const result = scoreWallet(profile, NOW);
    const flag = result.flags.find((f) => f.code === "ADDRESS_POISONING_SENDER");
    expect(flag, JSON.stringify(codes(result))).to.not.equal(undefined);
    expect(flag!.severity).to.equal("high");
    expect(flag!.points).to.equal(flagRule("ADDRESS_POISONING_SENDER").points);
    expect(flag!.points).to.be.lessThan(0);
    expect(flag!.evidence.counterparties).to.deep.equal([VICTIM]);
    expect(flag!.evidence.figures).to.deep.equal({ victims: 1, imitated: FRIEND });
    expect(flag!.evidence.txHashes).to.have.members(profile.tokenTransfers.items.map((t) => t.txHash));
    expect(flag!.evidence.detail).to.include(VICTIM).and.to.include(FRIEND);
  });

  it("costs the sender points: the same wallet scores lower with the victims read than without", () => {
    const flagged = scoreWallet(sender(LOOK_ALIKE, [victimHistory()]), NOW);
    const unread = scoreWallet(sender(LOOK_ALIKE, []), NOW);
    expect(codes(unread)).to.not.include("ADDRESS_POISONING_SENDER");
    expect(flagged.score).to.be.lessThan(unread.score);
  });

  it("does not flag a dust sender that looks like none of the victim's counterparties", () => {
    expect(codes(scoreWallet(sender(STRANGER, [victimHistory()]), NOW))).to.not.include("ADDRESS_POISONING_SENDER");
  });

  it("does not flag a sender that copies only the first four hex digits", () => {
    expect(codes(scoreWallet(sender(FIRST_FOUR_ONLY, [victimHistory()]), NOW))).to.not.include(
      "ADDRESS_POISONING_SENDER",
    );
  });

  it("does not flag the real counterparty itself, nor a look-alike the victim really paid", () => {
    expect(codes(scoreWallet(sender(FRIEND, [victimHistory()]), NOW))).to.not.include("ADDRESS_POISONING_SENDER");
    const paid = victimHistory([
      transfer({ token: STABLE, from: VICTIM, to: LOOK_ALIKE, value: 5_000_000n, timestamp: at(4) }),
    ]);
    expect(codes(scoreWallet(sender(LOOK_ALIKE, [paid]), NOW))).to.not.include("ADDRESS_POISONING_SENDER");
  });

  it("says so when the receivers' histories were not read (light depth) or some were skipped", () => {
    const unread = scoreWallet(sender(LOOK_ALIKE, undefined), NOW);
    expect(codes(unread)).to.not.include("ADDRESS_POISONING_SENDER");
    expect(unread.limitations.join(" ")).to.include("ADDRESS_POISONING_SENDER was not checked");
    const skipped = scoreWallet({ ...sender(LOOK_ALIKE, [victimHistory()]), poisoningVictimsSkipped: 3 }, NOW);
    expect(skipped.limitations.join(" ")).to.include("3 receiver(s)");
  });
});

describe("poisoning victim candidates", () => {
  const SELF = LOOK_ALIKE;
  it("are the other ends of zero-value transfers and the receivers of token or native dust, newest first", () => {
    const other = a("0x7777000000000000000000000000000000000007");
    const found = poisoningVictimCandidates(
      SELF,
      [
        transfer({ token: STABLE, from: VICTIM, to: SELF, value: 0n, timestamp: at(1) }),
        transfer({ token: FAKE_TOKEN, from: SELF, to: other, value: 1n, timestamp: at(2) }),
      ],
      [tx({ from: SELF, to: STRANGER, value: 10n ** 12n, timestamp: at(3) })],
      18,
    );
    expect(found).to.deep.equal([STRANGER, other, VICTIM]);
  });

  it("leave out real payments, contract calls without value and what others send the wallet", () => {
    const found = poisoningVictimCandidates(
      SELF,
      [
        transfer({ token: STABLE, from: SELF, to: VICTIM, value: 5_000_000n, timestamp: at(1) }),
        transfer({ token: STABLE, from: STRANGER, to: SELF, value: 1n, timestamp: at(2) }),
      ],
      [
        tx({ from: SELF, to: FRIEND, value: 0n, selector: "0xa9059cbb", timestamp: at(3) }),
        tx({ from: SELF, to: FRIEND, value: 10n ** 17n, timestamp: at(4) }),
      ],
      18,
    );
    expect(found).to.deep.equal([]);
  });
});
