import { ConfiguredPriceSource } from "../../../../src/adapters/price/configured-price-source.adapter";
import { InMemoryStakingAgeResets } from "../../../support/staking/in-memory-staking-age-resets.adapter";
import { InMemoryStakingTargetTrust } from "../../../support/staking/in-memory-staking-target-trust.adapter";
import { stakingSettings, type StakingSettings } from "../../../../src/application/use-cases/staking/staking-settings";
import { addr, TOKEN, VAULT, VAULT_2 } from "../../domain/staking/staking-fixtures";
import { FakeStakingWorld } from "../../../support/fakes/fake-staking-world";

/** The roles the seeded dev chain plays, on the fake world: who should lead and who should be flagged. */
export const ROLES = {
  operator: addr("0e0"),
  honest1: addr("4a1"),
  honest2: addr("4a2"),
  selfStaker: addr("5e1f"),
  scamToken: addr("5ca"),
  ring: [addr("a1"), addr("a2"), addr("a3")] as const,
  churner: addr("c4"),
  unstakeAfterDeploy: addr("ad"),
  deployedByUnstaker: addr("ad70"),
  young: addr("9"),
};

const E18 = 10n ** 18n;

export function seededWorld(): FakeStakingWorld {
  const w = new FakeStakingWorld();
  const r = ROLES;
  w.deploy(r.operator, TOKEN, "erc20", 400);
  w.deploy(r.operator, VAULT, "contract", 400, r.operator);
  w.deploy(r.operator, VAULT_2, "contract", 400, r.operator);
  w.stake({ from: r.honest1, contract: VAULT, token: TOKEN, amount: 5_000n * E18, daysAgo: 200, lockDays: 365 });
  w.stake({ from: r.honest2, contract: VAULT_2, amount: 3_000n * E18, daysAgo: 120, lockDays: 180 });
  w.stake({ from: r.honest2, contract: VAULT, token: TOKEN, amount: 1_000n * E18, daysAgo: 100, lockDays: 90 });
  w.deploy(r.selfStaker, r.scamToken, "erc20", 60);
  w.stake({
    from: r.selfStaker,
    contract: VAULT,
    token: r.scamToken,
    amount: 1_000_000n * E18,
    daysAgo: 50,
    lockDays: 30,
  });
  const [a, b, c] = r.ring;
  w.stake({ from: a, user: b, contract: VAULT, amount: 100n * E18, daysAgo: 40 });
  w.stake({ from: b, user: c, contract: VAULT, amount: 100n * E18, daysAgo: 39 });
  w.stake({ from: c, user: a, contract: VAULT, amount: 100n * E18, daysAgo: 38 });
  w.stake({ from: r.churner, contract: VAULT, token: TOKEN, amount: 50_000n * E18, daysAgo: 20 });
  w.unstake({ from: r.churner, contract: VAULT, token: TOKEN, amount: 50_000n * E18, daysAgo: 19.9 });
  w.stake({ from: r.unstakeAfterDeploy, contract: VAULT, token: TOKEN, amount: 2_000n * E18, daysAgo: 90 });
  w.deploy(r.unstakeAfterDeploy, r.deployedByUnstaker, "erc20", 30);
  w.unstake({ from: r.unstakeAfterDeploy, contract: VAULT, token: TOKEN, amount: 2_000n * E18, daysAgo: 10 });
  w.stake({ from: r.young, contract: VAULT, token: TOKEN, amount: 9_000n * E18, daysAgo: 3, lockDays: 365 });
  return w;
}

/** The fake chain has a block a minute over 1000 days: index it in a few big steps. */
export const seededSettings = (overrides: Partial<StakingSettings> = {}): StakingSettings =>
  stakingSettings({ stakingContracts: [VAULT, VAULT_2], indexMaxBlocksPerStep: 500_000, ...overrides });

/** TOKEN at $2; the native coin at $1 (Arc's gas token is USDC). */
export const seededPrices = () =>
  new ConfiguredPriceSource({ native: { usd: 1, decimals: 18 }, tokens: { [TOKEN]: { usd: 2, decimals: 18 } } });
export const unknownTrust = () => new InMemoryStakingTargetTrust();
export const noResets = () => new InMemoryStakingAgeResets();
