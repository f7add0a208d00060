import { expect } from "chai";
import fc from "fast-check";
import type { TokenTransfer } from "../../../../src/domain/chain/chain-types";
import { washRoutes, washTradingFlag, washTradingMoments } from "../../../../src/domain/scoring/wallet/wash-trading";
import { DAY, T0, complete, emptyWallet, transfer } from "./support/builders";
import { STABLE, WALLET_ADDR, peer } from "./support/wallet-fixtures";

const START = T0 + 150 * DAY;

/** `count` round trips of STABLE: out to `outTo`, back from `backFrom` an hour later, starting `offset` seconds in. */
function roundTrips(count: number, outTo = peer(1), backFrom = outTo, offset = 0): TokenTransfer[] {
  const out: TokenTransfer[] = [];
  for (let i = 0; i < count; i++) {
    const t = START + offset + i * 2 * DAY;
    out.push(transfer({ token: STABLE, from: WALLET_ADDR, to: outTo, value: 100n * 10n ** 6n, timestamp: t }));
    out.push(
      transfer({ token: STABLE, from: backFrom, to: WALLET_ADDR, value: 99n * 10n ** 6n, timestamp: t + 3_600 }),
    );
  }
  return out;
}

function history(transfers: readonly TokenTransfer[]) {
  return {
    ...emptyWallet(WALLET_ADDR),
    tokenTransfers: complete([...transfers].sort((a, b) => a.timestamp - b.timestamp)),
  };
}

describe("wash trading moments", () => {
  it("gives each round trip's return leg (hash and chain time) on a route that is wash trading", () => {
    const trips = roundTrips(3);
    const moments = washTradingMoments(history(trips), new Set());
    const returns = trips.filter((t) => t.to === WALLET_ADDR);
    expect(moments).to.deep.equal(returns.map((t) => ({ txHash: t.txHash, timestamp: t.timestamp })));
  });

  it("is the basis of the flag: the flag's transactions are those round trips", () => {
    const trips = roundTrips(3);
    const flag = washTradingFlag(history(trips), new Set());
    const routes = washRoutes(history(trips), new Set());
    expect(routes).to.have.length(1);
    expect(flag?.evidence.txHashes).to.deep.equal(routes[0]!.trips.flatMap((t) => [t.opened.txHash, t.closed.txHash]));
    for (const m of washTradingMoments(history(trips), new Set())) expect(flag?.evidence.txHashes).to.include(m.txHash);
  });

  it("gives nothing below the threshold or with an excluded counterparty", () => {
    expect(washTradingMoments(history(roundTrips(2)), new Set())).to.deep.equal([]);
    expect(washTradingMoments(history(roundTrips(5)), new Set([peer(1)]))).to.deep.equal([]);
  });

  it("keeps every route that alone meets the threshold, oldest first, and leaves out shorter routes", () => {
    const transfers = [
      ...roundTrips(4, peer(1)),
      ...roundTrips(3, peer(2), peer(3), 10 * DAY),
      ...roundTrips(2, peer(4), peer(4), 20 * DAY),
    ];
    const moments = washTradingMoments(history(transfers), new Set());
    expect(moments).to.have.length(7);
    expect(moments.map((m) => m.timestamp)).to.deep.equal([...moments.map((m) => m.timestamp)].sort((a, b) => a - b));
    // The flag still names the worst route only.
    expect(washTradingFlag(history(transfers), new Set())?.evidence.counterparties).to.deep.equal([peer(1)]);
  });

  it("raises the flag exactly when there are moments", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ route: fc.integer({ min: 1, max: 3 }), trips: fc.integer({ min: 0, max: 4 }) }), {
          maxLength: 3,
        }),
        (specs) => {
          const transfers = specs.flatMap((s, i) => roundTrips(s.trips, peer(s.route), peer(s.route), i * 9 * DAY));
          const h = history(transfers);
          expect(washTradingFlag(h, new Set()) !== null).to.equal(washTradingMoments(h, new Set()).length > 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
