import { createHash } from "node:crypto";
import { toBase58 } from "@mysten/bcs";
import { asSuiAddress, type CoinType, type SuiAddress } from "../../domain/sui/sui-address";
import type { CapHolder, CoinMetadataFacts, RegistryRecord, SupplyState } from "../../domain/sui/sui-facts";

/** The embedded Sui ledger's state: what a Sui node would hold for the objects Credence reads. */

export const EPOCH_MS = 86_400_000;

export interface LedgerCoin {
  readonly coinType: CoinType;
  readonly metadata: CoinMetadataFacts | null;
  readonly metadataCapExists: boolean;
  readonly supplyState: SupplyState;
  readonly treasuryCapHolder: CapHolder | null;
  readonly denyCap: { readonly holder: CapHolder; readonly allowGlobalPause: boolean } | null;
  readonly publishedAtMs: number;
  readonly balances: ReadonlyMap<SuiAddress, bigint>;
}

export interface LedgerTransaction {
  readonly digest: string;
  readonly sender: SuiAddress;
  readonly timestampMs: number;
  /** Addresses whose balances or objects the transaction changed, besides the sender. */
  readonly recipients: readonly SuiAddress[];
  readonly objectsCreated: number;
  readonly packagesCalled: readonly SuiAddress[];
}

export interface LedgerCapability {
  readonly objectId: SuiAddress;
  readonly owner: SuiAddress;
  readonly kind: 1 | 2;
  readonly expiresEpoch: bigint;
}

export interface LedgerState {
  readonly genesisMs: number;
  readonly coins: Map<CoinType, LedgerCoin>;
  readonly transactions: LedgerTransaction[];
  readonly registryId: SuiAddress;
  readonly packageId: SuiAddress;
  /** The account holding credence::registry::OracleCap. */
  readonly oracleCapHolder: SuiAddress;
  readonly records: Map<SuiAddress, RegistryRecord>;
  readonly capabilities: LedgerCapability[];
  /** TrustScoreUpdated events, oldest first. */
  readonly scoreEvents: { readonly digest: string; readonly subject: SuiAddress; readonly epoch: bigint }[];
}

/** A deterministic 32-byte id from a label (seeded objects keep their ids across runs). */
export function ledgerId(label: string): SuiAddress {
  return asSuiAddress(`0x${createHash("sha256").update(`credence-sui:${label}`).digest("hex")}`);
}

/** A transaction digest shaped like Sui's: base58 of 32 bytes. */
export function ledgerDigest(label: string): string {
  return toBase58(createHash("sha256").update(`credence-sui-tx:${label}`).digest());
}
