import type { Address } from "../../domain/chain/address";
import type { CanonicalDex } from "./canonical-dexes";
import type { DetectionGapRoles } from "./detection-gaps-roles";
import type { SanctionsAndRegistryRoles } from "./sanctions-registry-roles";
import type { WalletProtectionRoles } from "./wallet-protection-roles";

export interface SybilFarmRoles {
  readonly members: readonly Address[];
  readonly funder: Address;
  readonly relays: readonly Address[];
  readonly sweepTo: Address;
}

/** Who plays which part in the seeded world. Every address is lowercase. */
export interface DevWorldRoles {
  readonly healthyToken: Address;
  readonly healthyTokenDeployer: Address;
  readonly healthyHolders: readonly Address[];
  readonly longLivedWallet: Address;
  readonly honeypotToken: Address;
  readonly honeypotDeployer: Address;
  readonly honeypotVictims: readonly Address[];
  readonly taxToken: Address;
  readonly taxDeployer: Address;
  readonly taxBuyers: readonly Address[];
  readonly coordinatedToken: Address;
  readonly coordinatedDeployer: Address;
  readonly fundingSource: Address;
  readonly coordinatedBuyers: readonly Address[];
  readonly exitSyncToken: Address;
  readonly exitSyncDeployer: Address;
  readonly exitSyncHolders: readonly Address[];
  readonly rugToken: Address;
  readonly rugDeployer: Address;
  readonly rugBuyers: readonly Address[];
  readonly washToken: Address;
  readonly washTraders: readonly Address[];
  readonly botWallet: Address;
  readonly freshWallet: Address;
  readonly nftOrganic: Address;
  readonly nftOrganicCreator: Address;
  readonly nftOrganicHolders: readonly Address[];
  readonly nftWash: Address;
  readonly nftWashTraders: readonly Address[];
  readonly nft1155: Address;
  readonly nft1155Holders: readonly Address[];
  readonly nftDump: Address;
  readonly nftDumpCreator: Address;
  readonly honestStakers: readonly Address[];
  readonly selfStakingDeployer: Address;
  readonly selfStakedToken: Address;
  readonly stakingRing: readonly Address[];
  readonly churner: Address;
  readonly unstakeAfterDeploy: Address;
  readonly unstakeAfterDeployToken: Address;
  readonly recentStaker: Address;
  /** Graph trust's labelled set: a farm funded through relays, sweeping to one address. */
  readonly sybilFarm: SybilFarmRoles;
  /** Honest look-alikes: an exchange paying many users at irregular times and amounts... */
  readonly exchangeHotWallet: Address;
  readonly exchangeUsers: readonly Address[];
  /** ...and a payroll contract paying equal salaries in one block each month. */
  readonly payrollContract: Address;
  readonly payrollRecipients: readonly Address[];
  /** x402: the dev account that receives oracle payments. */
  readonly payee: Address;
  /** x402: a dev account holding USDC that signs payment authorizations. */
  readonly payer: Address;
  /** x402: the dev account that submits transferWithAuthorization and pays the gas. */
  readonly settler: Address;
}

/** The capability tokens of the detection scenario (issue 17), each raising its flag under an unlisted name. */
export interface CapabilityTokenRoles {
  /** rebase(address,uint256) mints; used once after launch (MINTED_AFTER_LAUNCH). */
  readonly rebaseToken: Address;
  /** setRouterStatus(address,bool) freezes an account; used on two buyers (HOLDERS_BLACKLISTED). */
  readonly routerStatusToken: Address;
  readonly blacklistedHolders: readonly Address[];
  /** Renounced, but an operator kept in storage rewrites balances and can take ownership back. */
  readonly reserveSyncToken: Address;
  /** A sell may not empty the seller's balance (CANNOT_SELL_ALL). */
  readonly dustLockToken: Address;
  /** Two sells within two blocks revert (TRADING_COOLDOWN). */
  readonly cooldownToken: Address;
  /** No trade above 1% of the supply (ANTI_WHALE). */
  readonly whaleCapToken: Address;
  /** Every transfer calls an owner-set tracker contract (EXTERNAL_CALL_IN_TRANSFER). */
  readonly trackedToken: Address;
  readonly trackerContract: Address;
  /** retire() self-destructs (SELF_DESTRUCT). */
  readonly retireToken: Address;
  /** maintenance(bool) halts every transfer; used once (WAS_PAUSED). */
  readonly maintenanceToken: Address;
  /** configure(uint256) sets the sell fee: 2%, then 3%, then 25% (FEE_RAISED). */
  readonly feeRaisedToken: Address;
  /** Benign look-alikes: an honest 2% fee token renounced, and a plain renounced token. */
  readonly honestFeeToken: Address;
  readonly renouncedPlainToken: Address;
  /** Name and symbol of USDC with a Cyrillic letter, at another address (IMPERSONATES_OFFICIAL). */
  readonly usdcLookalike: Address;
  /** Sent by its deployer to 40 fresh addresses in one block (AIRDROP_SPAM). */
  readonly airdropSpamToken: Address;
}

/** The NFT capability collections (issue 17 item 4), each raising its flag under an unlisted function name. */
export interface NftCapabilityCollectionRoles {
  /** airdropReserve(address,uint256): the owner mints for free within MAX_SUPPLY (NFT_PRIVILEGED_MINT). */
  readonly reserveDropCollection: Address;
  /** teamAllocation(address,uint256): the owner mints past MAX_SUPPLY (NFT_PRIVILEGED_MINT, NFT_OVERSUPPLY_MINT). */
  readonly teamAllocationCollection: Address;
  /** refreshArt(): the owner swaps every item's base URI (NFT_METADATA_MUTABLE). */
  readonly refreshArtCollection: Address;
  /** reclaim(uint256): the owner burns any item (NFT_PRIVILEGED_BURN). */
  readonly reclaimCollection: Address;
  /** rescue(address,address,uint256): renounced, a keeper in storage moves any item (NFT_OPERATOR_BACKDOOR). */
  readonly rescueCollection: Address;
  /** sweep(uint256): anyone takes any item (NFT_ANYONE_CAN_TAKE, blocking). */
  readonly sweepCollection: Address;
  /** Benign: public capped mint, fixed art, renounced; raises none of the capability flags. */
  readonly plainRenouncedCollection: Address;
  /** The plain collection's minters. */
  readonly holders: readonly Address[];
}

export interface DevWorldStakingContracts {
  /** LockStaking of healthyToken (default lock 30 days). */
  readonly healthyTokenLock: Address;
  /** LockStaking of USDC (default lock 30 days; stake(amount, 0) allows same-day exits). */
  readonly usdcLock: Address;
  /** NativeLockStaking (payable stake(), 90-day lock). */
  readonly nativeLock: Address;
  /** LockStaking of the ring's token, used through stakeFor(beneficiary, amount). */
  readonly ringLock: Address;
  /** LockStaking of selfStakedToken, deployed by its own deployer. */
  readonly selfStakeLock: Address;
}

export interface DevWorldContracts {
  readonly usdc: Address;
  readonly eurc: Address;
  readonly weth: Address;
  readonly uniswapFactory: Address;
  readonly uniswapRouter: Address;
  readonly pairInitCodeHash: string;
  /** Every staking contract, for "configured staking addresses". */
  readonly stakingContracts: readonly Address[];
  readonly staking: DevWorldStakingContracts;
  /** Credence scores on chain (issue 33 item 5), written by `sanctionsAndRegistry.scoreRegistryOracle`. */
  readonly scoreRegistry: Address;
  /** The example protocol gating deposits on scoreRegistry. */
  readonly guardedVault: Address;
  /** Uniswap V2 pair of each token (USDC or WETH quoted), plus the USDC/WETH pool. */
  readonly pairs: {
    readonly usdcWeth: Address;
    readonly healthyToken: Address;
    readonly honeypotToken: Address;
    readonly taxToken: Address;
    readonly coordinatedToken: Address;
    readonly exitSyncToken: Address;
    readonly rugToken: Address;
    readonly washToken: Address;
  };
}

export interface DevWorldManifest extends DevWorldRoles {
  readonly chainId: number;
  readonly capabilityTokens: CapabilityTokenRoles;
  readonly nftCapabilityCollections: NftCapabilityCollectionRoles;
  readonly detectionGaps: DetectionGapRoles;
  readonly sanctionsAndRegistry: SanctionsAndRegistryRoles;
  /** Issue 31: drainer, approvals victim, permit phishing, address poisoning, a benign swap. */
  readonly walletProtection: WalletProtectionRoles;
  readonly contracts: DevWorldContracts;
  /** Uniswap V2 code at the addresses real sources hard-code (Uniswap V2, PancakeSwap V2, SushiSwap). */
  readonly canonicalDexes: readonly CanonicalDex[];
  readonly devAccounts: {
    /** The development mnemonic's accounts, index i at position i. */
    readonly addresses: readonly Address[];
    readonly payerIndex: number;
    readonly payeeIndex: number;
    readonly settlerIndex: number;
    /** USDC and EURC minted to every dev account (6-decimal base units, decimal string). */
    readonly stablecoinBalance: string;
  };
  readonly time: {
    readonly genesisTimestamp: number;
    /** Timestamp of the last seeded block; after it the chain clock follows the wall clock. */
    readonly seededHeadTimestamp: number;
    readonly seededHeadBlock: number;
  };
}
