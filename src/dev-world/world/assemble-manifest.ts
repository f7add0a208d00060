import { asAddress, type Address } from "../../domain/chain/address";
import type { UniswapArtifacts } from "../uniswap-artifacts";
import type {
  DevWorldContracts,
  DevWorldManifest,
  DevWorldRoles,
  DevWorldStakingContracts,
} from "./dev-world-manifest";
import type { PairName, World } from "./world";

/** Every role, listed so a scenario that forgets to record one fails startup instead of serving a hole. */
const ROLE_KEYS: Record<Exclude<keyof DevWorldRoles, "payee" | "payer" | "settler">, true> = {
  healthyToken: true,
  healthyTokenDeployer: true,
  healthyHolders: true,
  longLivedWallet: true,
  honeypotToken: true,
  honeypotDeployer: true,
  honeypotVictims: true,
  taxToken: true,
  taxDeployer: true,
  taxBuyers: true,
  coordinatedToken: true,
  coordinatedDeployer: true,
  fundingSource: true,
  coordinatedBuyers: true,
  exitSyncToken: true,
  exitSyncDeployer: true,
  exitSyncHolders: true,
  rugToken: true,
  rugDeployer: true,
  rugBuyers: true,
  washToken: true,
  washTraders: true,
  botWallet: true,
  freshWallet: true,
  nftOrganic: true,
  nftOrganicCreator: true,
  nftOrganicHolders: true,
  nftWash: true,
  nftWashTraders: true,
  nft1155: true,
  nft1155Holders: true,
  nftDump: true,
  nftDumpCreator: true,
  honestStakers: true,
  selfStakingDeployer: true,
  selfStakedToken: true,
  stakingRing: true,
  churner: true,
  unstakeAfterDeploy: true,
  unstakeAfterDeployToken: true,
  recentStaker: true,
  sybilFarm: true,
  exchangeHotWallet: true,
  exchangeUsers: true,
  payrollContract: true,
  payrollRecipients: true,
};
const PAIR_KEYS: Record<PairName, true> = {
  healthyToken: true,
  honeypotToken: true,
  taxToken: true,
  coordinatedToken: true,
  exitSyncToken: true,
  rugToken: true,
  washToken: true,
};
const STAKING_KEYS: Record<keyof DevWorldStakingContracts, true> = {
  healthyTokenLock: true,
  usdcLock: true,
  nativeLock: true,
  ringLock: true,
  selfStakeLock: true,
};

function complete<T extends object>(what: string, partial: Partial<T>, keys: Record<string, true>): T {
  const missing = Object.keys(keys).filter((k) => !(k in partial));
  if (missing.length > 0) throw new Error(`seeded world did not record ${what}: ${missing.join(", ")}`);
  return partial as T;
}

export interface ManifestParts {
  readonly world: World;
  readonly eurc: string;
  readonly uniswap: UniswapArtifacts;
  readonly chainId: number;
  readonly devAddresses: readonly Address[];
  readonly devRoles: { readonly payer: number; readonly payee: number; readonly settler: number };
  readonly stablecoinBalance: bigint;
  readonly time: DevWorldManifest["time"];
  readonly canonicalDexes: DevWorldManifest["canonicalDexes"];
}

function devAccount(addresses: readonly Address[], index: number): Address {
  const address = addresses[index];
  if (address === undefined) throw new Error(`no dev account at index ${index}`);
  return address;
}

export function assembleManifest(parts: ManifestParts): DevWorldManifest {
  const { world, devAddresses, devRoles } = parts;
  const recorded = complete<Omit<DevWorldRoles, "payee" | "payer" | "settler">>("roles", world.roles, ROLE_KEYS);
  // Listed in ROLE_KEYS order, not in the order scenarios happened to record them.
  const roles = Object.fromEntries(
    Object.keys(ROLE_KEYS).map((k) => [k, recorded[k as keyof typeof recorded]]),
  ) as typeof recorded;
  const staking = complete<DevWorldStakingContracts>("staking contracts", world.staking, STAKING_KEYS);
  const recordedPairs = complete<Record<PairName, Address>>("pairs", world.pairs, PAIR_KEYS);
  const pairs = Object.fromEntries(Object.keys(PAIR_KEYS).map((k) => [k, recordedPairs[k as PairName]])) as Record<
    PairName,
    Address
  >;
  if (world.sanctionsAndRegistry === null) throw new Error("seeded world did not record its score registry");
  const contracts: DevWorldContracts = {
    usdc: asAddress(world.usdc.address),
    eurc: asAddress(parts.eurc),
    weth: asAddress(world.amm.weth.address),
    uniswapFactory: asAddress(world.amm.factory.address),
    uniswapRouter: asAddress(world.amm.router.address),
    pairInitCodeHash: parts.uniswap.pairInitCodeHash,
    stakingContracts: Object.values(staking),
    staking,
    scoreRegistry: world.sanctionsAndRegistry.scoreRegistry,
    guardedVault: world.sanctionsAndRegistry.guardedVault,
    pairs: { usdcWeth: asAddress(world.amm.pairFor(world.usdc.address, world.amm.weth.address)), ...pairs },
  };
  if (world.capabilityTokens === null) throw new Error("seeded world did not record its capability tokens");
  if (world.nftCapabilityCollections === null)
    throw new Error("seeded world did not record its NFT capability collections");
  if (world.detectionGaps === null) throw new Error("seeded world did not record its detection-gaps contracts");
  if (world.walletProtection === null) throw new Error("seeded world did not record its wallet-protection cases");
  return {
    chainId: parts.chainId,
    ...roles,
    capabilityTokens: world.capabilityTokens,
    nftCapabilityCollections: world.nftCapabilityCollections,
    detectionGaps: world.detectionGaps,
    sanctionsAndRegistry: world.sanctionsAndRegistry,
    walletProtection: world.walletProtection,
    payer: devAccount(devAddresses, devRoles.payer),
    payee: devAccount(devAddresses, devRoles.payee),
    settler: devAccount(devAddresses, devRoles.settler),
    contracts,
    canonicalDexes: parts.canonicalDexes,
    devAccounts: {
      addresses: devAddresses,
      payerIndex: devRoles.payer,
      payeeIndex: devRoles.payee,
      settlerIndex: devRoles.settler,
      stablecoinBalance: parts.stablecoinBalance.toString(),
    },
    time: parts.time,
  };
}
