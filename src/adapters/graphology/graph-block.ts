import type { ChainTransaction, ContractCreation, TokenTransfer } from "../../domain/chain/chain-types";

/** One block as the index decodes it (structurally the local index's IndexedBlock). */
export interface GraphBlock {
  readonly number: number;
  readonly timestamp: number;
  readonly transactions: readonly ChainTransaction[];
  readonly transfers: readonly TokenTransfer[];
  readonly creations: readonly ContractCreation[];
}

/** Prices used to weigh edges by value in the quote asset; unpriced tokens weigh by count only. */
export interface GraphPricing {
  readonly nativeDecimals: number;
  readonly nativeUnitUsd: number | null;
  readonly tokens: ReadonlyMap<string, { readonly decimals: number; readonly unitUsd: number | null }>;
}

export interface TransferGraphOptions {
  /** Node bound: past it, the least recently active 10% are dropped (default 2,000,000). */
  readonly maxNodes?: number;
  /** Sends and trades remembered per wallet for cluster evidence (default 16 each). */
  readonly factsPerNode?: number;
  readonly pricing: GraphPricing;
}
