import { expect } from "chai";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { PoolFacts } from "../../../../src/domain/scoring";
import { lpBalances, lpLockFacts } from "../../../../src/domain/scoring/token/lp-locks";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { DAY, T0, addr, complete, transfer, truncated } from "./support/builders";
import { NOW, healthyToken } from "./support/token-fixtures";

const POOL = addr(0x9001);
const PROVIDER = addr(0x9002);
const LOCK = addr(0x9003);
const OLD_LOCK = addr(0x9004);
const OTHER = addr(0x9005);
const DEAD = "0x000000000000000000000000000000000000dead" as typeof POOL;

const lp = (from: typeof POOL, to: typeof POOL, value: bigint, timestamp: number) =>
  transfer({ token: POOL, from, to, value, timestamp });

/** 1,000 LP minted to 0x0, 99,000 to the provider, who sends 60,000 to a lock, 10,000 to an old lock, 5,000 burned. */
function pool(complete_ = true): PoolFacts {
  const items = [
    lp(ZERO_ADDRESS, ZERO_ADDRESS, 1_000n, T0),
    lp(ZERO_ADDRESS, PROVIDER, 99_000n, T0),
    lp(PROVIDER, LOCK, 60_000n, T0 + DAY),
    lp(PROVIDER, OLD_LOCK, 10_000n, T0 + DAY),
    lp(PROVIDER, DEAD, 5_000n, T0 + DAY),
  ];
  return {
    pool: POOL,
    quoteToken: addr(0x9999),
    tokenReserve: 1n,
    quoteReserve: 1n,
    quoteDecimals: 18,
    quoteUnitUsd: 1,
    lpTransfers: complete_ ? complete(items) : truncated(items, 5),
  };
}

const NOW_T = T0 + 30 * DAY;
const running = { holder: LOCK, releaseTime: NOW_T + 90 * DAY, via: "releaseTime()", beneficiary: PROVIDER };
const expired = { holder: OLD_LOCK, releaseTime: NOW_T - DAY, via: "unlockTime()", beneficiary: PROVIDER };

describe("LP locks (holders block)", () => {
  it("reads LP balances from LP transfers, largest first, without the pool, 0x0 or burn addresses", () => {
    expect(lpBalances(pool())).to.deep.equal([
      { holder: LOCK, balance: 60_000n },
      { holder: PROVIDER, balance: 24_000n },
      { holder: OLD_LOCK, balance: 10_000n },
    ]);
  });

  it("counts LP in a running lock as locked, with its unlock time; an expired lock is listed but unlocked", () => {
    const facts = lpLockFacts(pool(), 100_000n, { pool: POOL, contracts: [running, expired], skipped: 0 }, NOW_T);
    expect(facts.lockedPercent).to.equal(60);
    expect(facts.lockedUntil).to.equal(NOW_T + 90 * DAY);
    expect(facts.lockers.map((l) => [l.address, l.percent, l.expired])).to.deep.equal([
      [LOCK, 60, false],
      [OLD_LOCK, 10, true],
    ]);
    expect(facts.unknown).to.deep.equal([]);
  });

  it("with every LP holder a wallet, nothing is locked: 0, not unknown", () => {
    const facts = lpLockFacts(pool(), 100_000n, { pool: POOL, contracts: [], skipped: 0 }, NOW_T);
    expect(facts).to.deep.include({ lockedPercent: 0, lockedUntil: null, unknown: [] });
  });

  it("is null with the reason when LP sits in a contract without readable lock terms, or holders were skipped", () => {
    const opaque = { holder: OTHER, releaseTime: null, via: null, beneficiary: null };
    const facts = lpLockFacts(pool(), 100_000n, { pool: POOL, contracts: [opaque], skipped: 0 }, NOW_T);
    expect(facts.lockedPercent).to.equal(null);
    expect(facts.unknown.join(" ")).to.include(OTHER);
    const skipped = lpLockFacts(pool(), 100_000n, { pool: POOL, contracts: [], skipped: 3 }, NOW_T);
    expect(skipped.lockedPercent).to.equal(null);
    expect(skipped.unknown.join(" ")).to.include("3 smaller LP holder(s)");
  });

  it("is null when the LP holders were not read, and says truncated LP history makes shares lower bounds", () => {
    expect(lpLockFacts(pool(), 100_000n, null, NOW_T).lockedPercent).to.equal(null);
    const partial = lpLockFacts(pool(false), 100_000n, { pool: POOL, contracts: [running], skipped: 0 }, NOW_T);
    expect(partial.lockedPercent).to.equal(60);
    expect(partial.unknown.join(" ")).to.include("lower bounds");
  });

  it("scoring puts the figures in holders.liquidity (the fixture's provider is a wallet: 0% locked)", () => {
    const token = healthyToken();
    const deepest = token.market.pools[0]!;
    const facts = scoreToken({ ...token, lpLocks: { pool: deepest.pool, contracts: [], skipped: 0 } }, NOW).holderFacts;
    expect(facts?.liquidity).to.deep.include({ lockedPercent: 0, lockedUntil: null, lockers: [] });
  });
});
