import { expect } from "chai";
import type { Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction } from "../../../../src/domain/chain/chain-types";
import type {
  DeploymentContext,
  FundingContext,
  TradedTokenContext,
} from "../../../../src/domain/scoring/profiles/wallet-profile";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { DAY, T0, addr, complete, tx } from "./support/builders";
import { MarketScript, UNIT } from "./support/market-script";
import { NOW, WALLET_ADDR, codes, healthyWallet, peer } from "./support/wallet-fixtures";

const TOKEN = addr(0x7700);
const POOL = addr(0x7701);
const DEV = addr(0x7702);
const FUNDER = addr(0xfeed);

function tradedWith(script: MarketScript): TradedTokenContext {
  return { market: script.market([script.poolFacts(100_000n, 50_000n)]), buyerFunding: null };
}

/** Five holders plus the wallet buy over a week, then all sell at once (the wallet selling `walletSells`). */
function exitScript(walletSells: bigint): MarketScript {
  const s = new MarketScript(TOKEN, POOL, DEV);
  s.mint(DEV, 1_000_000n);
  s.advance(5, 10).addLiquidity(DEV, 900_000n, 1_000n * UNIT);
  const sellers = [WALLET_ADDR, peer(11), peer(12), peer(13), peer(14), peer(15)];
  for (const who of sellers) s.advance(40_000, DAY).buy(who, 1_000n);
  s.advance(100_000, 10 * DAY);
  for (const who of sellers) s.advance(60, 300).sell(who, who === WALLET_ADDR ? walletSells : 1_000n);
  return s;
}

/** Six first-time buyers (the wallet among them) within three blocks; nothing else. */
function clusterScript(spreadBlocks: number): MarketScript {
  const s = new MarketScript(TOKEN, POOL, DEV);
  s.mint(DEV, 1_000_000n);
  s.advance(5, 10).addLiquidity(DEV, 900_000n, 1_000n * UNIT);
  s.advance(1_000, 2 * DAY);
  for (const who of [WALLET_ADDR, peer(21), peer(22), peer(23), peer(24), peer(25)])
    s.advance(spreadBlocks, 2).buy(who, 500n);
  return s;
}

function funderFunding(
  recipients: readonly Address[],
  label: FundingContext["funderLabel"] = null,
  gap = 600,
): FundingContext {
  const txs: ChainTransaction[] = recipients.map((to, i) =>
    tx({ from: FUNDER, to, value: 10n ** 17n, timestamp: T0 + 60 * DAY + i * gap }),
  );
  return { funder: FUNDER, funderTransactions: complete(txs), funderLabel: label };
}

function fundedWallet(funding: FundingContext, tradedTokens: readonly TradedTokenContext[] = []) {
  const base = healthyWallet({ funding, tradedTokens });
  const first = funding.funderTransactions.items.find((t) => t.to === WALLET_ADDR)!;
  const items = [first, ...base.transactions.items.slice(1)].sort((a, b) => a.timestamp - b.timestamp);
  return { ...base, transactions: complete(items) };
}

describe("wallet flags: exit and coordinated-buy participation", () => {
  it("EXIT_SYNC_PARTICIPANT fires when the wallet is one of the synchronized sellers", () => {
    const result = scoreWallet(healthyWallet({ tradedTokens: [tradedWith(exitScript(1_000n))] }), NOW);
    const flag = result.flags.find((f) => f.code === "EXIT_SYNC_PARTICIPANT");
    expect(flag?.evidence.tokens).to.deep.equal([TOKEN]);
    expect(flag?.evidence.counterparties).to.include(peer(11));
    expect(flag?.evidence.txHashes).to.have.length(1);
  });

  it("EXIT_SYNC_PARTICIPANT does not fire when the wallet kept most of its position", () => {
    const result = scoreWallet(healthyWallet({ tradedTokens: [tradedWith(exitScript(200n))] }), NOW);
    expect(codes(result)).not.to.include("EXIT_SYNC_PARTICIPANT");
  });

  it("COORDINATED_BUY_PARTICIPANT fires when co-buyers share the wallet's funder", () => {
    const recipients = [WALLET_ADDR, peer(21), peer(22), peer(23), peer(24), peer(25)];
    const result = scoreWallet(fundedWallet(funderFunding(recipients), [tradedWith(clusterScript(1))]), NOW);
    const flag = result.flags.find((f) => f.code === "COORDINATED_BUY_PARTICIPANT");
    expect(flag?.evidence.counterparties).to.deep.equal([FUNDER]);
    expect(flag?.evidence.tokens).to.deep.equal([TOKEN]);
  });

  it("COORDINATED_BUY_PARTICIPANT uses buyer funding read by the assembler as well", () => {
    const funding = new Map(
      [WALLET_ADDR, peer(21), peer(22), peer(23)].map((a) => [a, { funder: FUNDER, fundedAt: T0 }] as const),
    );
    const context = { ...tradedWith(clusterScript(1)), buyerFunding: funding };
    expect(codes(scoreWallet(healthyWallet({ tradedTokens: [context] }), NOW))).to.include(
      "COORDINATED_BUY_PARTICIPANT",
    );
  });

  it("COORDINATED_BUY_PARTICIPANT does not fire for spread-out buys or independent funding", () => {
    const recipients = [WALLET_ADDR, peer(21), peer(22), peer(23), peer(24), peer(25)];
    const spread = fundedWallet(funderFunding(recipients), [tradedWith(clusterScript(10))]);
    const independent = fundedWallet(funderFunding([WALLET_ADDR]), [tradedWith(clusterScript(1))]);
    expect(codes(scoreWallet(spread, NOW))).not.to.include("COORDINATED_BUY_PARTICIPANT");
    expect(codes(scoreWallet(independent, NOW))).not.to.include("COORDINATED_BUY_PARTICIPANT");
  });
});

describe("wallet flags: shared funding source", () => {
  const eight = [WALLET_ADDR, ...Array.from({ length: 7 }, (_, i) => peer(30 + i))];

  it("fires when the funder first-funded 8 fresh addresses within a day", () => {
    const flag = scoreWallet(fundedWallet(funderFunding(eight)), NOW).flags.find(
      (f) => f.code === "SHARED_FUNDING_SOURCE",
    );
    expect(flag?.evidence.counterparties).to.deep.equal([FUNDER]);
    expect(flag?.evidence.figures?.freshRecipients).to.equal(8);
    expect(flag?.evidence.holders).not.to.include(WALLET_ADDR);
  });

  it("does not fire for 7, for labelled faucets, for spread-out funding or for old recipients", () => {
    const old = funderFunding(eight);
    const nonces = new Map(eight.map((a) => [a, a === WALLET_ADDR ? 0 : 500] as const));
    for (const funding of [
      funderFunding(eight.slice(0, 7)),
      funderFunding(eight, "faucet"),
      funderFunding(eight, null, DAY),
      { ...old, recipientNonces: nonces },
    ]) {
      expect(codes(scoreWallet(fundedWallet(funding), NOW))).not.to.include("SHARED_FUNDING_SOURCE");
    }
  });

  it("says so when the funder's history was not read", () => {
    const result = scoreWallet(healthyWallet({ funding: null }), NOW);
    expect(result.limitations.join(" ")).to.include("SHARED_FUNDING_SOURCE was not checked");
    expect(result.confidence).to.be.lessThan(100);
  });
});

describe("wallet flags: deployments", () => {
  /** The wallet deploys a token, pairs 800k and keeps 200k; `then` writes what happens next. */
  function deployment(then: (s: MarketScript) => void): DeploymentContext {
    const s = new MarketScript(TOKEN, POOL, WALLET_ADDR);
    s.time = T0 + 100 * DAY;
    s.mint(WALLET_ADDR, 1_000_000n);
    s.advance(5, 10).addLiquidity(WALLET_ADDR, 800_000n, 1_000n * UNIT);
    then(s);
    return {
      contract: TOKEN,
      creationTxHash: s.transfers[0]!.txHash,
      createdAt: T0 + 100 * DAY,
      transactions: complete([]),
      market: s.market([s.poolFacts(800_000n, 40_000n)]),
    };
  }

  it("DEPLOYED_AND_DUMPED fires when the deployer sells most of its own holding within 30 days", () => {
    const d = deployment((s) => s.advance(100_000, 5 * DAY).sell(WALLET_ADDR, 150_000n));
    const flag = scoreWallet(healthyWallet({ deployments: [d] }), NOW).flags.find(
      (f) => f.code === "DEPLOYED_AND_DUMPED",
    );
    expect(flag?.evidence.tokens).to.deep.equal([TOKEN]);
    expect(flag?.evidence.figures?.soldShare).to.equal(0.75);
  });

  it("DEPLOYED_AND_DUMPED does not fire for a small sale or one after 30 days", () => {
    const small = deployment((s) => s.advance(100_000, 5 * DAY).sell(WALLET_ADDR, 50_000n));
    const late = deployment((s) => s.advance(100_000, 40 * DAY).sell(WALLET_ADDR, 150_000n));
    for (const d of [small, late]) {
      expect(codes(scoreWallet(healthyWallet({ deployments: [d] }), NOW))).not.to.include("DEPLOYED_AND_DUMPED");
    }
  });

  it("RUGGED_DEPLOYMENT fires when the deployer pulls its pool's liquidity, and blocks the wallet", () => {
    const d = deployment((s) => s.advance(100, 3 * DAY).removeLiquidity(WALLET_ADDR, 900n * UNIT, 700_000n));
    const result = scoreWallet(healthyWallet({ deployments: [d] }), NOW);
    const flag = result.flags.find((f) => f.code === "RUGGED_DEPLOYMENT");
    expect(flag?.severity).to.equal("critical");
    expect(flag?.evidence.counterparties).to.deep.equal([POOL]);
    expect(result.tier).to.equal("BLOCKED");
    expect(result.explanation.recommendation.action).to.equal("deny");
  });

  it("RUGGED_DEPLOYMENT does not fire for a partial withdrawal", () => {
    const d = deployment((s) => s.advance(100, 3 * DAY).removeLiquidity(WALLET_ADDR, 400n * UNIT, 300_000n));
    expect(codes(scoreWallet(healthyWallet({ deployments: [d] }), NOW))).not.to.include("RUGGED_DEPLOYMENT");
  });

  it("credits deployments adopted by independent users, not by addresses the wallet funded", () => {
    const users = Array.from({ length: 5 }, (_, i) => peer(60 + i));
    const calls = (from: readonly Address[]) =>
      from.map((u, i) => tx({ from: u, to: TOKEN, selector: "0x12345678", timestamp: T0 + 120 * DAY + i }));
    const adopted: DeploymentContext = { ...deployment(() => {}), market: null, transactions: complete(calls(users)) };
    const withAdoption = scoreWallet(healthyWallet({ deployments: [adopted] }), NOW);
    expect(withAdoption.breakdown.components.find((c) => c.name === "deployments")?.points).to.equal(5);

    const puppets = healthyWallet({ deployments: [adopted] });
    const funded = users.map((u) => tx({ from: WALLET_ADDR, to: u, value: 1n, timestamp: T0 + 110 * DAY }));
    const items = [...puppets.transactions.items, ...funded].sort((a, b) => a.timestamp - b.timestamp);
    const result = scoreWallet({ ...puppets, transactions: complete(items) }, NOW);
    expect(result.breakdown.components.find((c) => c.name === "deployments")?.points).to.equal(0);
  });
});

describe("wallet flags: staking gaming", () => {
  it("turns the staking analysis's gaming flags into wallet flags and zeroes the boost", () => {
    const staking = {
      scoreBoost: 8,
      gamingFlags: [
        { code: "STAKING_RING", evidence: { detail: "ring of 3 wallets", counterparties: [peer(1)] } },
        { code: "SOMETHING_NEW", evidence: { contract: "0xabc", amount: 5n } },
      ],
    };
    const result = scoreWallet(healthyWallet({ staking }), NOW);
    const ring = result.flags.find((f) => f.code === "STAKING_RING");
    expect(ring?.evidence.detail).to.equal("ring of 3 wallets");
    expect(ring?.evidence.counterparties).to.deep.equal([peer(1)]);
    expect(result.flags.find((f) => f.code === "STAKING_GAMING")?.evidence.detail).to.include("SOMETHING_NEW");
    expect(result.breakdown.stakingBoostApplied).to.equal(0);
  });

  for (const code of ["STAKE_ON_OWN_TOKEN", "STAKING_RING", "STAKE_CHURN", "UNSTAKE_AFTER_DEPLOY"]) {
    it(`raises ${code} from the staking analysis with its own code`, () => {
      const staking = { scoreBoost: 3, gamingFlags: [{ code, evidence: `seen ${code}` }] };
      const flag = scoreWallet(healthyWallet({ staking }), NOW).flags.find((f) => f.code === code);
      expect(flag?.evidence.detail).to.equal(`seen ${code}`);
    });
  }

  it("raises nothing for a clean staking signal", () => {
    const result = scoreWallet(healthyWallet({ staking: { scoreBoost: 4, gamingFlags: [] } }), NOW);
    expect(result.flags).to.deep.equal([]);
  });
});
