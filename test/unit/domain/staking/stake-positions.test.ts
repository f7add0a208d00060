import { expect } from "chai";
import { buildPositions } from "../../../../src/domain/staking/stake-positions";
import { DAY, NOW, stake, TOKEN, unstake, VAULT, VAULT_2, WALLET } from "./staking-fixtures";

describe("stake positions", () => {
  it("keeps an unmatched stake open", () => {
    const s = stake({ daysAgo: 10 });
    expect(buildPositions(WALLET, [s])).to.deep.equal([
      {
        staker: WALLET,
        payer: WALLET,
        contract: VAULT,
        asset: TOKEN,
        amount: 1000n,
        usd: 1000,
        start: s.timestamp,
        lockUntil: null,
        end: null,
        stakeTx: s.txHash,
        unstakeTx: null,
        configured: true,
      },
    ]);
  });

  it("closes the newest stake first, so an old stake keeps its age when a top-up is withdrawn", () => {
    const old = stake({ daysAgo: 100 });
    const topUp = stake({ daysAgo: 5 });
    const out = unstake(topUp, 4, { amount: 1000n });
    const positions = buildPositions(WALLET, [out, topUp, old]);
    expect(positions.map((p) => [p.stakeTx, p.end])).to.deep.equal([
      [old.txHash, null],
      [topUp.txHash, NOW - 4 * DAY],
    ]);
  });

  it("splits a partial unstake, sharing the dollar size", () => {
    const s = stake({ daysAgo: 30, amount: 1000n, usd: 500 });
    const positions = buildPositions(WALLET, [s, unstake(s, 10, { amount: 400n })]);
    expect(positions.map((p) => [p.amount, p.usd, p.end])).to.deep.equal([
      [400n, 200, NOW - 10 * DAY],
      [600n, 300, null],
    ]);
  });

  it("closes everything in the contract on an unstake of unknown amount, and leaves other contracts alone", () => {
    const a = stake({ daysAgo: 30 });
    const b = stake({ daysAgo: 20 });
    const elsewhere = stake({ daysAgo: 20, contract: VAULT_2 });
    const positions = buildPositions(WALLET, [a, b, elsewhere, unstake(a, 1, { amount: 0n, asset: "native" })]);
    expect(positions.filter((p) => p.end !== null).map((p) => p.stakeTx)).to.have.members([a.txHash, b.txHash]);
    expect(positions.find((p) => p.contract === VAULT_2)?.end).to.equal(null);
  });

  it("ignores activity credited to other wallets", () => {
    expect(buildPositions(WALLET, [stake({ daysAgo: 9, staker: TOKEN })])).to.deep.equal([]);
  });
});
