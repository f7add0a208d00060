import type { CoinType, SuiAddress } from "./sui-address";

/**
 * What the Sui side of Credence reads from the chain, in domain terms (bigint amounts, normalised
 * addresses, chain-time milliseconds). Adapters build these from a node's answers or the embedded ledger.
 */

export interface CoinMetadataFacts {
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  readonly iconUrl: string | null;
  readonly decimals: number;
}

/** Who holds a capability object (TreasuryCap, DenyCap): an account, another object, or nobody reachable. */
export type CapHolder =
  | { readonly kind: "address"; readonly address: SuiAddress }
  | { readonly kind: "object"; readonly objectId: SuiAddress }
  | { readonly kind: "shared" }
  | { readonly kind: "immutable" }
  | { readonly kind: "unknown" };

/** Fixed: the TreasuryCap is gone; burn_only: only burning remains; mintable: a TreasuryCap exists. */
export type SupplyState = "fixed" | "burn_only" | "mintable";

export interface SupplyFacts {
  readonly totalSupply: bigint | null;
  readonly state: SupplyState;
  /** Holder of the TreasuryCap when mintable; null otherwise. */
  readonly capHolder: CapHolder | null;
}

export interface RegulationFacts {
  readonly denyCapHolder: CapHolder;
  /** null: the node could not say (legacy currencies outside the coin registry). */
  readonly allowGlobalPause: boolean | null;
}

export interface HolderFacts {
  /** Largest balances first, at most the number the source returns. */
  readonly topBalances: readonly bigint[];
  readonly holderCount: number;
}

export interface SuiCoinInfo {
  readonly coinType: CoinType;
  readonly metadata: CoinMetadataFacts | null;
  /** The MetadataCap still exists, so name, symbol, description and icon can change. */
  readonly metadataCapExists: boolean;
  readonly supply: SupplyFacts;
  /** null: not a regulated coin (no DenyCap). */
  readonly regulation: RegulationFacts | null;
  /** Chain time (ms) of the transaction that published the coin's package; null when unreadable. */
  readonly publishedAtMs: number | null;
  /** null when the source cannot list holders by balance. */
  readonly holders: HolderFacts | null;
}

export interface SuiAddressActivity {
  readonly address: SuiAddress;
  /** Transactions that affected the address (sent by it or changing its objects or balances). */
  readonly transactionCount: number;
  /** The reader stopped at its bound: older history exists but was not read. */
  readonly truncated: boolean;
  readonly firstAtMs: number | null;
  readonly lastAtMs: number | null;
  /** Chain-time stamps of the transactions read, oldest first (for regularity). */
  readonly timestampsMs: readonly number[];
  /** Other addresses that sent to it or received from it. */
  readonly counterparties: readonly SuiAddress[];
  readonly objectsCreated: number;
  /** Packages its own transactions called. */
  readonly packagesCalled: readonly SuiAddress[];
}

/** The registry's ScoreRecord, as the Move view functions return it. */
export interface RegistryRecord {
  readonly score: number;
  /** The on-chain tier code (0 LOW, 1 MEDIUM, 2 HIGH). */
  readonly tier: number;
  readonly confidence: number;
  readonly botFlagged: boolean;
  readonly updatedEpoch: bigint;
}

export type CapabilityKind = "standard" | "elite";

export interface MintedCapability {
  readonly kind: CapabilityKind;
  readonly objectId: SuiAddress;
  readonly expiresEpoch: bigint;
}

/** One `update_score` (and, when earned, a TrustedAgentCap mint) in a single signed transaction. */
export interface ScoreUpdate {
  readonly subject: SuiAddress;
  readonly score: number;
  readonly tier: number;
  readonly confidence: number;
  readonly botFlagged: boolean;
  /** Mint a TrustedAgentCap of this kind to the subject in the same transaction. */
  readonly capability: CapabilityKind | null;
}

export interface WriteReceipt {
  readonly digest: string;
  readonly epoch: bigint;
  readonly capability: MintedCapability | null;
}
