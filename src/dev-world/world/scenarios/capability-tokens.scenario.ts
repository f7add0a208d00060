import { parseEther } from "ethers";
import { type Address, asAddress } from "../../../domain/chain/address";
import type { ContractHandle, WorldWallet } from "../chain-writer";
import type { CapabilityTokenRoles } from "../dev-world-manifest";
import type { Scenario } from "../timeline";
import { HOUR, UNIT, type World } from "../world";
import { type TimedAction, play, seededRandom } from "./scenario-kit";

const SUPPLY = 100_000_000n * UNIT;
const LIQUIDITY = 80_000_000n * UNIT;
const BUYERS = 4;
const GAS = { gas: 200_000n } as const;
/** Deterministic fresh recipients for the airdrop (the world must be identical on every run). */
const somewhere = (i: number): string => `0x${(0xa1d0000n + BigInt(i)).toString(16).padStart(40, "0")}`;

interface Launched {
  readonly token: ContractHandle;
  readonly deployer: WorldWallet;
  readonly buyers: readonly WorldWallet[];
}

/**
 * Tokens that each have one capability under a name no selector table lists (rebase() mints,
 * setRouterStatus() blacklists, an operator in storage rewrites balances...), a renounced plain token and an
 * honest 2% fee token that must raise none of them. Each gets a WETH pool and a few small buyers; some use
 * their capability on chain. Appended after the other scenarios: its own wallets, so no address moves.
 */
export async function* capabilityTokensScenario(world: World): Scenario {
  const { amm, writer } = world;
  const random = seededRandom("capability-tokens");
  const roles: Partial<Record<keyof CapabilityTokenRoles, Address | readonly Address[]>> = {};
  const actions: TimedAction[] = [];
  const day = 160;

  async function launch(
    role: keyof CapabilityTokenRoles,
    contract: string,
    args: readonly unknown[],
  ): Promise<Launched> {
    const deployer = await world.wallet(`cap-${role}-deployer`, parseEther("100"));
    const buyers = await world.wallets(`cap-${role}-buyer`, BUYERS);
    const token = await writer.deploy(deployer, world.artifact(contract), args);
    const pair = amm.pairFor(token.address, amm.weth.address);
    await writer.call(deployer, token, "setPair", [pair], GAS);
    await amm.approve(deployer, token.address);
    await amm.addLiquidityEth(deployer, token.address, LIQUIDITY, parseEther("20"));
    roles[role] = asAddress(token.address);
    buyers.forEach((buyer, i) =>
      actions.push({
        at: world.day(day + 1 + i, random(1, 22) * HOUR),
        // Small buys (< 1% of the supply) so the max-trade token accepts them too.
        run: () => amm.buyWithEth(buyer, token.address, parseEther(String(random(5, 20) / 100))),
      }),
    );
    return { token, deployer, buyers };
  }
  const later = (offset: number, run: () => Promise<unknown>): void => {
    actions.push({ at: world.day(day + offset, random(1, 22) * HOUR), run });
  };

  yield world.day(day, 9 * HOUR);
  const rebase = await launch("rebaseToken", "RebaseToken", ["Elastic Yield", "EYLD", SUPPLY]);
  later(8, () =>
    writer.call(rebase.deployer, rebase.token, "rebase", [rebase.deployer.address, 5_000_000n * UNIT], GAS),
  );
  const router = await launch("routerStatusToken", "RouterStatusToken", ["Router Sync", "RSYNC", SUPPLY]);
  later(8, () => writer.call(router.deployer, router.token, "setRouterStatus", [router.buyers[0]!.address, true], GAS));
  later(9, () => writer.call(router.deployer, router.token, "setRouterStatus", [router.buyers[1]!.address, true], GAS));
  const sync = await launch("reserveSyncToken", "ReserveSyncToken", ["Reserve Sync", "RSV", SUPPLY]);
  later(7, () => writer.call(sync.deployer, sync.token, "renounceOwnership", [], GAS));

  yield world.day(day, 10 * HOUR);
  await launch("dustLockToken", "DustLockToken", ["Dust Keeper", "DUSTK", SUPPLY]);
  await launch("cooldownToken", "CooldownToken", ["Patient Hands", "PTNT", SUPPLY]);
  await launch("whaleCapToken", "WhaleCapToken", ["Fair Launch Cap", "FAIR", SUPPLY]);

  yield world.day(day, 11 * HOUR);
  const tracked = await launch("trackedToken", "TrackedToken", ["Holder Points", "HPTS", SUPPLY]);
  const tracker = await writer.deploy(tracked.deployer, world.artifact("HolderTracker"), []);
  await writer.call(tracked.deployer, tracked.token, "setTracker", [tracker.address], GAS);
  roles.trackerContract = asAddress(tracker.address);
  await launch("retireToken", "RetireToken", ["Sunset Coin", "SUNSET", SUPPLY]);
  const halt = await launch("maintenanceToken", "MaintenanceToken", ["Service Token", "SRVC", SUPPLY]);
  later(10, () => writer.call(halt.deployer, halt.token, "maintenance", [true], GAS));
  later(11, () => writer.call(halt.deployer, halt.token, "maintenance", [false], GAS));

  yield world.day(day, 12 * HOUR);
  const fee = await launch("feeRaisedToken", "ConfigurableFeeToken", ["Treasury Fee", "TFEE", SUPPLY, 200n]);
  later(7, () => writer.call(fee.deployer, fee.token, "configure", [300n], GAS));
  later(9, () => writer.call(fee.deployer, fee.token, "configure", [2_500n], GAS));
  const honest = await launch("honestFeeToken", "ConfigurableFeeToken", ["Honest Two", "HTWO", SUPPLY, 200n]);
  later(7, () => writer.call(honest.deployer, honest.token, "renounceOwnership", [], GAS));
  const plain = await launch("renouncedPlainToken", "PlainRenouncedToken", ["Plain Renounced", "PLAIN", SUPPLY]);
  later(7, () => writer.call(plain.deployer, plain.token, "renounceOwnership", [], GAS));
  // Impersonation and spam: "USDC" with a Cyrillic С at another address; a token sprayed over 40 fresh addresses.
  await launch("usdcLookalike", "PlainRenouncedToken", ["US\u0044 Coin", "US\u0044\u0421", SUPPLY]);
  const spam = await launch("airdropSpamToken", "PlainRenouncedToken", ["Claim Rewards", "CLAIM", SUPPLY]);
  later(6, async () => {
    for (let i = 0; i < 40; i++) await world.transfer(spam.deployer, spam.token.address, somewhere(i), 1_000n * UNIT);
  });
  roles.blacklistedHolders = router.buyers.slice(0, 2).map((b) => asAddress(b.address));
  world.capabilityTokens = roles as CapabilityTokenRoles;

  yield* play(actions);
}
