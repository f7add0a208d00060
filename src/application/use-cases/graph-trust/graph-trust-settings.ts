import type { Address } from "../../../domain/chain/address";

/** Graph trust's configuration, decoded at start-up. */
export interface GraphTrustSettings {
  readonly officialIssuers: readonly Address[];
  /** Official issuers and quote tokens: receiving them is being paid, not co-trading. */
  readonly moneyTokens: readonly Address[];
  /** GRAPH_TRUST_SEEDS; null: the default seed rule (old, diverse, flag-free wallets + issuers' long-time holders). */
  readonly seeds: readonly Address[] | null;
}

export const GraphTrustSettings = Symbol.for("GraphTrustSettings");
