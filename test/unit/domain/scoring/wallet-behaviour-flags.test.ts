import { expect } from "chai";
import type { ChainTransaction, TokenTransfer } from "../../../../src/domain/chain/chain-types";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { DAY, T0, addr, complete, emptyWallet, rng, transfer, tx } from "./support/builders";
import { MarketScript } from "./support/market-script";
import {
  NOW,
  STABLE,
  WALLET_ADDR,
  codes,
  healthyWallet,
  peer,
  withTransactions,
  withTransfers,
} from "./support/wallet-fixtures";

const START = T0 + 150 * DAY;

/** `count` round trips: the wallet sends `amount` of STABLE to `outTo`, `backFrom` returns `returned` later. */
function roundTrips(count: number, outTo = peer(1), backFrom = outTo, returned = 99n, delay = 3_600): TokenTransfer[] {
  const out: TokenTransfer[] = [];
  for (let i = 0; i < count; i++) {
    const t = START + i * 2 * DAY;
    out.push(transfer({ token: STABLE, from: WALLET_ADDR, to: outTo, value: 100n * 10n ** 6n, timestamp: t }));
    out.push(
      transfer({ token: STABLE, from: backFrom, to: WALLET_ADDR, value: returned * 10n ** 6n, timestamp: t + delay }),
    );
  }
  return out;
}

function sentEvery(gaps: readonly number[], start = START): ChainTransaction[] {
  let t = start;
  const txs = [tx({ from: WALLET_ADDR, to: peer(50), value: 1n, timestamp: t })];
  gaps.forEach((gap, i) => {
    t += gap;
    txs.push(tx({ from: WALLET_ADDR, to: peer(50 + (i % 9)), value: 1n, timestamp: t }));
  });
  return txs;
}

describe("wallet flags: wash trading", () => {
  it("fires on 3 round trips with one counterparty, naming it and the transactions", () => {
    const result = scoreWallet(withTransfers(healthyWallet(), roundTrips(3)), NOW);
    const flag = result.flags.find((f) => f.code === "WASH_TRADING");
    expect(flag?.severity).to.equal("high");
    expect(flag?.evidence.counterparties).to.deep.equal([peer(1)]);
    expect(flag?.evidence.txHashes).to.have.length(6);
    expect(flag?.evidence.figures?.roundTrips).to.equal(3);
  });

  it("fires on a small cycle: out to one address, back from another, repeatedly", () => {
    const result = scoreWallet(withTransfers(healthyWallet(), roundTrips(3, peer(1), peer(2))), NOW);
    const flag = result.flags.find((f) => f.code === "WASH_TRADING");
    expect(flag?.evidence.counterparties).to.deep.equal([peer(1), peer(2)]);
  });

  it("does not fire on two round trips, late returns, different amounts, or a known pool", () => {
    const pool = peer(1);
    const script = new MarketScript(addr(0x999), pool, addr(0x998));
    const traded = [{ market: script.market([script.poolFacts(1n, 1n)]), buyerFunding: null }];
    for (const profile of [
      withTransfers(healthyWallet(), roundTrips(2)),
      withTransfers(healthyWallet(), roundTrips(3, peer(1), peer(1), 99n, 2 * DAY)),
      withTransfers(healthyWallet(), roundTrips(3, peer(1), peer(1), 80n)),
      withTransfers(healthyWallet({ tradedTokens: traded }), roundTrips(3)),
    ]) {
      expect(codes(scoreWallet(profile, NOW))).not.to.include("WASH_TRADING");
    }
  });

  it("does not count stake/unstake round trips with a configured staking contract, exactly returned", () => {
    const staking = peer(7);
    const churn = roundTrips(6, staking, staking, 100n);
    expect(
      codes(scoreWallet(withTransfers(healthyWallet({ stakingContracts: [staking] }), churn), NOW)),
    ).not.to.include("WASH_TRADING");
    // The same pattern with an address that is not a configured staking contract is still a wash trade.
    expect(codes(scoreWallet(withTransfers(healthyWallet({ stakingContracts: [peer(8)] }), churn), NOW))).to.include(
      "WASH_TRADING",
    );
  });

  it("still flags wash trades with another counterparty beside staking churn", () => {
    const staking = peer(7);
    const mixed = [
      ...roundTrips(4, staking, staking, 100n),
      ...roundTrips(3, peer(1), peer(1)).map((t) => ({ ...t, timestamp: t.timestamp + DAY })),
    ];
    const flag = scoreWallet(withTransfers(healthyWallet({ stakingContracts: [staking] }), mixed), NOW).flags.find(
      (f) => f.code === "WASH_TRADING",
    );
    expect(flag?.evidence.counterparties).to.deep.equal([peer(1)]);
  });

  it("does not count forwarding (in from one address, out to another) as a cycle", () => {
    const forwards: TokenTransfer[] = [];
    for (let i = 0; i < 4; i++) {
      const t = START + i * 2 * DAY;
      forwards.push(transfer({ token: STABLE, from: peer(3), to: WALLET_ADDR, value: 100n, timestamp: t }));
      forwards.push(transfer({ token: STABLE, from: WALLET_ADDR, to: peer(4), value: 100n, timestamp: t + 60 }));
    }
    expect(codes(scoreWallet(withTransfers(healthyWallet(), forwards), NOW))).not.to.include("WASH_TRADING");
  });
});

describe("wallet flags: timing", () => {
  it("VELOCITY_BURST fires on 30 transactions sent within an hour", () => {
    const random = rng(3);
    const gaps = Array.from({ length: 29 }, () => 30 + Math.floor(random() * 90));
    const result = scoreWallet(withTransactions(healthyWallet(), sentEvery(gaps)), NOW);
    const flag = result.flags.find((f) => f.code === "VELOCITY_BURST");
    expect(flag?.evidence.figures?.transactions).to.equal(30);
    expect(flag?.evidence.blocks).to.have.length(2);
    expect(codes(result)).not.to.include("MACHINE_REGULAR_INTERVALS");
  });

  it("VELOCITY_BURST does not fire on 29 transactions in an hour", () => {
    const random = rng(3);
    const gaps = Array.from({ length: 28 }, () => 30 + Math.floor(random() * 90));
    expect(codes(scoreWallet(withTransactions(healthyWallet(), sentEvery(gaps)), NOW))).not.to.include(
      "VELOCITY_BURST",
    );
  });

  it("MACHINE_REGULAR_INTERVALS fires on 15 equal gaps and names the interval", () => {
    const result = scoreWallet(withTransactions(healthyWallet(), sentEvery(Array(15).fill(600))), NOW);
    const flag = result.flags.find((f) => f.code === "MACHINE_REGULAR_INTERVALS");
    expect(flag?.evidence.figures).to.deep.equal({ intervals: 15, intervalSeconds: 600 });
  });

  it("MACHINE_REGULAR_INTERVALS does not fire on 14 equal gaps or on human jitter", () => {
    const random = rng(5);
    const jitter = Array.from({ length: 40 }, () => Math.floor(600 * (0.7 + random() * 0.6)));
    for (const gaps of [Array(14).fill(600), jitter]) {
      expect(codes(scoreWallet(withTransactions(healthyWallet(), sentEvery(gaps)), NOW))).not.to.include(
        "MACHINE_REGULAR_INTERVALS",
      );
    }
  });
});

describe("wallet flags: self-interaction and concentration", () => {
  const selfSends = (n: number): ChainTransaction[] =>
    Array.from({ length: n }, (_, i) =>
      tx({ from: WALLET_ADDR, to: WALLET_ADDR, value: 1n, timestamp: START + i * DAY }),
    );

  it("SELF_INTERACTION fires on 3 self-transfers and not on 2", () => {
    const fired = scoreWallet(withTransactions(healthyWallet(), selfSends(3)), NOW);
    expect(fired.flags.find((f) => f.code === "SELF_INTERACTION")?.evidence.txHashes).to.have.length(3);
    expect(codes(scoreWallet(withTransactions(healthyWallet(), selfSends(2)), NOW))).not.to.include("SELF_INTERACTION");
  });

  function concentrated(onTop: number, total: number): ReturnType<typeof emptyWallet> {
    const txs = Array.from({ length: total }, (_, i) =>
      tx({ from: WALLET_ADDR, to: i < onTop ? peer(7) : peer(100 + i), value: 1n, timestamp: START + i * 7_777 }),
    );
    return { ...emptyWallet(WALLET_ADDR), transactions: complete(txs) };
  }

  it("COUNTERPARTY_CONCENTRATION fires when one counterparty takes 80% of 20 interactions", () => {
    const flag = scoreWallet(concentrated(16, 20), NOW).flags.find((f) => f.code === "COUNTERPARTY_CONCENTRATION");
    expect(flag?.evidence.counterparties).to.deep.equal([peer(7)]);
    expect(flag?.evidence.figures?.topShare).to.equal(0.8);
  });

  it("COUNTERPARTY_CONCENTRATION does not fire at 70%, nor below 20 interactions", () => {
    expect(codes(scoreWallet(concentrated(14, 20), NOW))).not.to.include("COUNTERPARTY_CONCENTRATION");
    expect(codes(scoreWallet(concentrated(19, 19), NOW))).not.to.include("COUNTERPARTY_CONCENTRATION");
  });
});

describe("wallet flags: fresh wallet", () => {
  it("FRESH_WALLET is info only, the state is mining and confidence is low", () => {
    const funding = tx({ from: addr(0xf00d), to: WALLET_ADDR, value: 10n ** 18n, timestamp: NOW - 2 * DAY });
    const profile = { ...emptyWallet(WALLET_ADDR), transactions: complete([funding]), nativeBalance: 10n ** 18n };
    const result = scoreWallet(profile, NOW);
    const flag = result.flags.find((f) => f.code === "FRESH_WALLET");
    expect(flag?.severity).to.equal("info");
    expect(flag?.points).to.equal(0);
    expect(result.state).to.equal("mining");
    expect(result.tier).to.equal("LOW");
    // One transaction: the bound for an honest confidence (was 60 before coverage capped it).
    expect(result.confidence).to.be.at.most(25);
    expect(result.coverage).to.equal("thin");
    expect(result.limitations.join(" ")).to.include("Thin history: 1 event(s) on 1 day(s)");
  });

  it("is not raised for an established wallet", () => {
    expect(codes(scoreWallet(healthyWallet(), NOW))).not.to.include("FRESH_WALLET");
  });
});
