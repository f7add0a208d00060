import { keccak256, MaxUint256, parseEther, toUtf8Bytes } from "ethers";
import { asAddress } from "../../../domain/chain/address";
import { worldWallet } from "../chain-writer";
import type { Scenario } from "../timeline";
import type { WalletProtectionRoles } from "../wallet-protection-roles";
import { HOUR, UNIT, USD, type World } from "../world";

const GAS = { gas: 200_000n } as const;
const LOOK_ALIKES = 3;

/** An address with `genuine`'s first and last four hex digits and a middle of its own: a vanity look-alike. */
function lookAlikeOf(genuine: string, label: string): string {
  const middle = keccak256(toUtf8Bytes(`credence/dev-world/look-alike/${label}`)).slice(2, 34);
  return `0x${genuine.slice(2, 6)}${middle}${genuine.slice(-4)}`.toLowerCase();
}

/**
 * Issue 31's wallet-protection cases: a drainer that sweeps approved tokens and an NFT, a victim with five open
 * approvals (two of them to the drainer), an EIP-2612 token for permit phishing, an address-poisoning campaign
 * against a wallet (zero-value transferFroms and fake-token dust from look-alikes of its real counterparty), and a
 * wallet set up for a plain swap. Appended last, with its own wallets and contracts: nothing earlier moves.
 */
export async function* walletProtectionScenario(world: World): Scenario {
  const { amm, writer, usdc } = world;
  const roles: Partial<Record<keyof WalletProtectionRoles, string | readonly string[]>> = {};
  const day = 195;

  yield world.day(day, 8 * HOUR);
  const keeper = await world.wallet("protect-keeper", parseEther("5"));
  const drainer = await writer.deploy(keeper, world.artifact("RewardsClaim"), [], 1_000_000n);
  const collection = await writer.deploy(keeper, world.artifact("SeedCollection721"), ["Claim Pass", "CLAIM"]);
  const victims = await world.wallets("protect-drained", 2);
  for (const victim of victims) await world.mintUsdc(victim.address, 800n * USD);
  const victim = await world.wallet("protect-approvals-victim");
  await world.mintUsdc(victim.address, 2_500n * USD);
  const permitHolder = await world.wallet("protect-permit-holder");
  const permitToken = await writer.deploy(keeper, world.artifact("PermitToken"), [
    "Permit Dollar",
    "PUSD",
    1_000_000n * UNIT,
  ]);
  const poisonTarget = await world.wallet("protect-poison-target");
  const poisonFriend = await world.wallet("protect-poison-friend");
  await world.mintUsdc(poisonTarget.address, 5_000n * USD);
  const swapper = await world.wallet("protect-swapper");
  await world.mintUsdc(swapper.address, 1_000n * USD);

  yield world.day(day, 9 * HOUR);
  // The drained victims approve the "rewards" contract; one also mints an item and lets it take the collection.
  for (const v of victims) await writer.call(v, usdc, "approve", [drainer.address, MaxUint256], GAS);
  await writer.call(victims[1]!, collection, "mint", [1n], GAS);
  await writer.call(victims[1]!, collection, "setApprovalForAll", [drainer.address, true], GAS);
  await world.transfer(keeper, permitToken.address, permitHolder.address, 10_000n * UNIT);
  // The poisoning target pays its real counterparty, several times over a few hours.
  await world.transfer(poisonTarget, usdc.address, poisonFriend.address, 750n * USD);
  await writer.call(swapper, usdc, "approve", [amm.router.address, MaxUint256], GAS);

  yield world.day(day, 11 * HOUR);
  await writer.call(keeper, drainer, "sweep", [usdc.address, victims.map((v) => v.address)], { gas: 300_000n });
  await writer.call(keeper, drainer, "sweepItem", [collection.address, victims[1]!.address, 1n], GAS);
  await world.transfer(poisonTarget, usdc.address, poisonFriend.address, 1_200n * USD);

  yield world.day(day, 12 * HOUR);
  // Five approvals: two to the drainer (an allowance and an operator approval), three to honest spenders.
  const healthy = world.use("healthyToken");
  const lock = world.use("healthyTokenLock");
  await writer.call(victim, usdc, "approve", [drainer.address, MaxUint256], GAS);
  await writer.call(victim, collection, "setApprovalForAll", [drainer.address, true], GAS);
  await writer.call(victim, usdc, "approve", [amm.router.address, 1_000n * USD], GAS);
  await writer.call(victim, healthy, "approve", [amm.router.address, MaxUint256], GAS);
  await writer.call(victim, healthy, "approve", [lock.address, 500n * UNIT], GAS);

  yield world.day(day, 13 * HOUR);
  // The campaign: zero-value transferFroms plant look-alikes in the target's outgoing history, fake-token dust in
  // its incoming one.
  const poisoner = await world.wallet("protect-poisoner");
  const lookAlikes = Array.from({ length: LOOK_ALIKES }, (_, i) => lookAlikeOf(poisonFriend.address, `friend-${i}`));
  for (const lookAlike of lookAlikes)
    await writer.call(poisoner, usdc, "transferFrom", [poisonTarget.address, lookAlike, 0n], GAS);
  const fake = await writer.deploy(poisoner, world.artifact("PoisonToken"), ["USD Coin", "USDC"]);

  yield world.day(day, 14 * HOUR);
  for (const lookAlike of lookAlikes)
    await writer.call(poisoner, fake, "announce", [lookAlike, [poisonTarget.address], 1n], GAS);

  Object.assign(roles, {
    drainer: drainer.address,
    drainerKeeper: keeper.address,
    drainedVictims: victims.map((v) => v.address),
    collection: collection.address,
    approvalsVictim: victim.address,
    riskyApprovalTokens: [usdc.address, collection.address],
    permitToken: permitToken.address,
    permitHolder: permitHolder.address,
    freshSpender: worldWallet("protect-fresh-spender").address,
    poisonTarget: poisonTarget.address,
    poisonFriend: poisonFriend.address,
    poisonLookAlikes: lookAlikes,
    poisoner: poisoner.address,
    poisonToken: fake.address,
    swapper: swapper.address,
  });
  world.walletProtection = Object.fromEntries(
    Object.entries(roles).map(([k, v]) => [k, typeof v === "string" ? asAddress(v) : v.map((a) => asAddress(a))]),
  ) as unknown as WalletProtectionRoles;
}
