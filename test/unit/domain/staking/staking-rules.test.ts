import { expect } from "chai";
import type { TokenDeployment } from "../../../../src/domain/staking/staking-evidence";
import { buildPositions } from "../../../../src/domain/staking/stake-positions";
import {
  churnedPositions,
  effectiveStakeStart,
  isBlockedTarget,
  isMature,
  ringStakeTxs,
  selfStakedDeployment,
  unstakesAfterDeploy,
} from "../../../../src/domain/staking/staking-rules";
import { addr, DAY, NOW, stake, TOKEN, tx, unstake, VAULT, WALLET } from "./staking-fixtures";

describe("staking rules", () => {
  it("1. a stake younger than 7 days of chain time is not mature; 7 days is", () => {
    expect(isMature(NOW - 3 * DAY, null, NOW)).to.equal(false);
    expect(isMature(NOW - 7 * DAY + 1, null, NOW)).to.equal(false);
    expect(isMature(NOW - 7 * DAY, null, NOW)).to.equal(true);
    expect(isMature(NOW - 30 * DAY, NOW - 25 * DAY, NOW)).to.equal(false);
  });

  it("2. staking a token (or into a contract) the staker deployed is self-staking", () => {
    const position = { staker: WALLET, asset: TOKEN, contract: VAULT };
    expect(selfStakedDeployment(position, new Map([[TOKEN, WALLET]]))).to.equal(TOKEN);
    expect(selfStakedDeployment(position, new Map([[VAULT, WALLET]]))).to.equal(VAULT);
    expect(selfStakedDeployment(position, new Map([[TOKEN, addr(7)]]))).to.equal(null);
  });

  it("3. only a BLOCKED target is blocked", () => {
    expect(isBlockedTarget("BLOCKED")).to.equal(true);
    expect(isBlockedTarget("LOW")).to.equal(false);
    expect(isBlockedTarget(null)).to.equal(false);
  });

  it("4. a coordinated exit or wash trade while staked restarts the stake's age at the latest one", () => {
    const position = { start: NOW - 60 * DAY, end: null };
    const early = { at: NOW - 50 * DAY, reason: "WASH_TRADING" as const, evidence: "0xwash" };
    const late = { at: NOW - 10 * DAY, reason: "COORDINATED_EXIT" as const, evidence: "0xexit" };
    const before = { at: NOW - 90 * DAY, reason: "WASH_TRADING" as const, evidence: "0xold" };
    expect(effectiveStakeStart(position, [early, late, before])).to.deep.equal({ start: late.at, reset: late });
    expect(effectiveStakeStart(position, [before])).to.deep.equal({ start: position.start, reset: null });
    expect(effectiveStakeStart({ start: NOW - 60 * DAY, end: NOW - 20 * DAY }, [late]).reset).to.equal(null);
  });

  it("5. stakes on a ring through the wallet are voided; rings elsewhere are not its business", () => {
    const edge = { from: WALLET, to: addr(2), txHash: tx(77), contract: VAULT, via: "stakeFor" as const };
    const ring = { members: [WALLET, addr(2)], edges: [edge] };
    expect([...ringStakeTxs(WALLET, [ring])]).to.deep.equal([tx(77)]);
    expect([...ringStakeTxs(addr(3), [ring])]).to.deep.equal([]);
  });

  it("6. an unstake after the wallet deployed a token is found; one before it is not", () => {
    const s = stake({ daysAgo: 40 });
    const early = unstake(s, 30, { amount: 1n });
    const late = unstake(s, 5, { amount: 1n });
    const deployment: TokenDeployment = { token: addr("de9"), txHash: tx(99), timestamp: NOW - 20 * DAY };
    const pairs = unstakesAfterDeploy(WALLET, [s, early, late], [deployment]);
    expect(pairs.map((p) => [p.first.token, p.then.txHash])).to.deep.equal([[deployment.token, late.txHash]]);
  });

  it("same-day churn: a position staked and unstaked within 24 hours", () => {
    const churn = stake({ daysAgo: 10 });
    const held = stake({ daysAgo: 30, contract: addr("f00") });
    const positions = buildPositions(WALLET, [churn, unstake(churn, 10 - 0.5), held, unstake(held, 1)]);
    expect(churnedPositions(positions).map((p) => p.stakeTx)).to.deep.equal([churn.txHash]);
  });
});
