import { AbiCoder, parseEther, toBeHex } from "ethers";
import type { Address } from "../../domain/chain/address";
import type { CompiledContracts, CompiledContract } from "../compile";
import type { Amm } from "./amm";
import type { ChainWriter, ContractHandle, SendOptions, WorldWallet } from "./chain-writer";
import { worldWallet } from "./chain-writer";
import type {
  CapabilityTokenRoles,
  DevWorldRoles,
  DevWorldStakingContracts,
  NftCapabilityCollectionRoles,
} from "./dev-world-manifest";
import type { DetectionGapRoles } from "./detection-gaps-roles";
import type { SanctionsAndRegistryRoles } from "./sanctions-registry-roles";
import type { WalletProtectionRoles } from "./wallet-protection-roles";

export const DAY = 86_400;
/** The seeded history spans this many days of chain time, ending at the wall clock. */
export const WORLD_SPAN_DAYS = 200;
export const HOUR = 3_600;
/** 1 USDC/EURC in base units (6 decimals). */
export const USD = 1_000_000n;
/** One whole unit of an 18-decimal seeded token. */
export const UNIT = 10n ** 18n;

/** Contracts one scenario creates and another uses; set before use, in chain-time order. */
export interface SharedHandles {
  readonly healthyToken: ContractHandle;
  readonly nftOrganic: ContractHandle;
  readonly healthyTokenLock: ContractHandle;
  readonly usdcLock: ContractHandle;
  readonly nativeLock: ContractHandle;
}

export type PairName =
  "healthyToken" | "honeypotToken" | "taxToken" | "coordinatedToken" | "exitSyncToken" | "rugToken" | "washToken";

/** What scenarios share: the writer, the deployed infrastructure, the clock origin and the manifest being filled in. */
export class World {
  readonly roles: Partial<{ -readonly [K in keyof DevWorldRoles]: DevWorldRoles[K] }> = {};
  readonly pairs: Partial<Record<PairName, Address>> = {};
  readonly staking: Partial<{ -readonly [K in keyof DevWorldStakingContracts]: Address }> = {};
  /** Set by the capability-tokens scenario. */
  capabilityTokens: CapabilityTokenRoles | null = null;
  /** Set by the NFT capability collections scenario. */
  nftCapabilityCollections: NftCapabilityCollectionRoles | null = null;
  /** Set by the detection-gaps scenario. */
  detectionGaps: DetectionGapRoles | null = null;
  /** Set by the sanctions-and-registry scenario. */
  sanctionsAndRegistry: SanctionsAndRegistryRoles | null = null;
  /** Set by the wallet-protection scenario (issue 31). */
  walletProtection: WalletProtectionRoles | null = null;
  private readonly shared: Partial<Record<keyof SharedHandles, ContractHandle>> = {};

  constructor(
    readonly writer: ChainWriter,
    readonly artifacts: CompiledContracts,
    readonly amm: Amm,
    readonly usdc: ContractHandle,
    private readonly usdcMinter: WorldWallet,
    /** Chain time the world's history starts from (genesis, a UTC midnight so `day(n, h)` is hour h UTC). */
    readonly origin: number,
    /** Wall-clock time seeding began: where the seeded history ends and the head will be. */
    readonly end: number,
  ) {}

  /** Absolute chain time `days` after the origin, plus `seconds`. */
  day(days: number, seconds = 0): number {
    return this.origin + days * DAY + seconds;
  }

  artifact(name: string): CompiledContract {
    const artifact = this.artifacts[name];
    if (artifact === undefined) throw new Error(`contract ${name} was not compiled`);
    return artifact;
  }

  /** Gas comes from hardhat_setBalance, not a transfer, so wallets share no funding source by accident. */
  async wallet(label: string, gas: bigint = parseEther("10")): Promise<WorldWallet> {
    const wallet = worldWallet(label);
    if (gas > 0n) await this.writer.rpc("hardhat_setBalance", [wallet.address, toBeHex(gas)]);
    return wallet;
  }

  async wallets(label: string, count: number): Promise<WorldWallet[]> {
    return Promise.all(Array.from({ length: count }, (_, i) => this.wallet(`${label}-${i}`)));
  }

  share<K extends keyof SharedHandles>(name: K, handle: SharedHandles[K]): void {
    this.shared[name] = handle;
  }

  use<K extends keyof SharedHandles>(name: K): SharedHandles[K] {
    const handle = this.shared[name];
    if (handle === undefined) throw new Error(`${name} is used before the scenario creating it ran`);
    return handle;
  }

  token(address: string): ContractHandle {
    return this.writer.handle(address, this.artifact("SeedToken").abi);
  }

  /** USDC arrives by mint (a Transfer from the zero address), like a withdrawal from an exchange. */
  mintUsdc(to: string, amount: bigint): Promise<string> {
    return this.writer.call(this.usdcMinter, this.usdc, "mint", [to, amount], { gas: 100_000n });
  }

  /** USDC's own blacklist (FiatToken's Blacklistable; the minter plays the blacklister). */
  blacklistUsdc(account: string): Promise<string> {
    return this.writer.call(this.usdcMinter, this.usdc, "blacklist", [account], { gas: 100_000n });
  }

  transfer(from: WorldWallet, token: string, to: string, amount: bigint, options: SendOptions = {}): Promise<string> {
    return this.writer.call(from, this.token(token), "transfer", [to, amount], { gas: 100_000n, ...options });
  }

  deployToken(deployer: WorldWallet, name: string, symbol: string, supply: bigint): Promise<ContractHandle> {
    return this.writer.deploy(deployer, this.artifact("SeedToken"), [name, symbol, supply], 1_500_000n);
  }

  /** Reads the first uint256 a view returns, as of the last mined block (pending transactions are not visible). */
  async read(contract: ContractHandle, fn: string, args: readonly unknown[] = []): Promise<bigint> {
    const data = contract.iface.encodeFunctionData(fn, args);
    const result = await this.writer.rpc<string>("eth_call", [{ to: contract.address, data }, "latest"]);
    return AbiCoder.defaultAbiCoder().decode(["uint256"], result)[0] as bigint;
  }

  balanceOf(token: string, holder: string): Promise<bigint> {
    return this.read(this.token(token), "balanceOf", [holder]);
  }
}
