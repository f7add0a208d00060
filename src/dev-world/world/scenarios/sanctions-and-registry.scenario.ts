import { parseEther } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import { SCORE_REGISTRY_ORACLE_LABEL, type SanctionsAndRegistryRoles } from "../sanctions-registry-roles";
import type { Scenario } from "../timeline";
import { DAY, HOUR, USD, type World } from "../world";

const VAULT_MIN_SCORE = 40;
const VAULT_MAX_AGE_SECONDS = 7 * DAY;

/**
 * Issue 33 items 4 and 5: a wallet the dev world's extra sanctions list names (it holds USDC, so it can try
 * to buy an answer), a holder USDC's own blacklist froze, and the ScoreRegistry with a GuardedVault reading
 * it. Appended after every other scenario, with its own wallets, so nothing seeded before it moves.
 */
export async function* sanctionsAndRegistryScenario(world: World): Scenario {
  const { writer } = world;
  const day = 170;
  yield world.day(day, 10 * HOUR);
  const sanctioned = await world.wallet("sanctioned-wallet", parseEther("10"));
  const counterparty = await world.wallet("sanctioned-counterparty", 0n);
  await world.mintUsdc(sanctioned.address, 50n * USD);
  await writer.transferNative(sanctioned, counterparty.address, parseEther("1"));

  const frozen = await world.wallet("usdc-frozen-holder", parseEther("1"));
  await world.mintUsdc(frozen.address, 20n * USD);

  yield world.day(day, 11 * HOUR);
  await world.blacklistUsdc(frozen.address);
  const deployer = await world.wallet("score-registry-deployer", parseEther("10"));
  const oracle = await world.wallet(SCORE_REGISTRY_ORACLE_LABEL, parseEther("1000"));
  const registry = await writer.deploy(deployer, world.artifact("ScoreRegistry"), [oracle.address], 2_000_000n);
  const vault = await writer.deploy(
    deployer,
    world.artifact("GuardedVault"),
    [registry.address, VAULT_MIN_SCORE, VAULT_MAX_AGE_SECONDS],
    2_000_000n,
  );
  const roles: SanctionsAndRegistryRoles = {
    sanctionedWallet: asAddress(sanctioned.address),
    usdcBlacklistedWallet: asAddress(frozen.address),
    scoreRegistry: asAddress(registry.address),
    scoreRegistryOracle: asAddress(oracle.address),
    guardedVault: asAddress(vault.address),
    vaultMinScore: VAULT_MIN_SCORE,
    vaultMaxAgeSeconds: VAULT_MAX_AGE_SECONDS,
  };
  world.sanctionsAndRegistry = roles;
}
