import { getCreateAddress } from "ethers";
import type { ContractHandle, WorldWallet } from "./chain-writer";
import type { World } from "./world";

/** ProxyAdmin.upgradeAndCall and UpgradeableBeacon.upgradeTo: the two upgrade paths the seeded proxies use. */
const UPGRADE_ABI = [
  "function upgradeAndCall(address proxy, address implementation, bytes data) payable",
  "function upgradeTo(address implementation)",
];

export interface ProxiedToken {
  /** The proxy, with the upgraded implementation's ABI (V1's functions plus the hidden mint). */
  readonly token: ContractHandle;
  readonly implementation: string;
  /** The ProxyAdmin the transparent proxy deployed, or the beacon. */
  readonly upgrader: ContractHandle;
  /** Deploys ProxiedTokenV2 and points the proxy (or its beacon) at it; resolves to V2's address. */
  readonly upgrade: () => Promise<string>;
}

/**
 * An ERC-20 behind an OpenZeppelin proxy, initialised for `deployer`: a transparent proxy (EIP-1967
 * implementation and admin slots; its ProxyAdmin is owned by the deployer) or a beacon proxy (EIP-1967 beacon
 * slot; the beacon is owned by the deployer). Shared by the seeded world and the flag eval's generators.
 */
export async function deployProxiedToken(
  world: World,
  deployer: WorldWallet,
  kind: "transparent" | "beacon",
  args: readonly [string, string, bigint],
): Promise<ProxiedToken> {
  const { writer } = world;
  const v2 = world.artifact("ProxiedTokenV2");
  const v1 = await writer.deploy(deployer, world.artifact("ProxiedTokenV1"));
  const init = v1.iface.encodeFunctionData("initialize", [...args, deployer.address]);
  let token: ContractHandle;
  let upgrader: ContractHandle;
  if (kind === "transparent") {
    const proxy = await writer.deploy(deployer, world.artifact("SeededTransparentProxy"), [
      v1.address,
      deployer.address,
      init,
    ]);
    token = writer.handle(proxy.address, v2.abi);
    // The proxy's constructor creates its ProxyAdmin: the first CREATE of a contract uses nonce 1 (EIP-161).
    upgrader = writer.handle(getCreateAddress({ from: proxy.address, nonce: 1 }), UPGRADE_ABI);
  } else {
    const beacon = await writer.deploy(deployer, world.artifact("SeededBeacon"), [v1.address, deployer.address]);
    const proxy = await writer.deploy(deployer, world.artifact("SeededBeaconProxy"), [beacon.address, init]);
    token = writer.handle(proxy.address, v2.abi);
    upgrader = writer.handle(beacon.address, UPGRADE_ABI);
  }
  const upgrade = async (): Promise<string> => {
    const next = await writer.deploy(deployer, v2);
    if (kind === "transparent")
      await writer.call(deployer, upgrader, "upgradeAndCall", [token.address, next.address, "0x"], { gas: 200_000n });
    else await writer.call(deployer, upgrader, "upgradeTo", [next.address], { gas: 200_000n });
    return next.address;
  };
  return { token, implementation: v1.address, upgrader, upgrade };
}
