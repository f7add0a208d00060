import type { Task } from "fp-ts/Task";
import type { Address } from "../../../domain/chain/address";

/** Graph trust's view of the existing scorer: how many flags each wallet carries (unscorable ones left out). */
export interface GraphTrustSeedScores {
  flagCounts(wallets: readonly Address[]): Task<ReadonlyMap<Address, number>>;
}

export const GraphTrustSeedScores = Symbol.for("GraphTrustSeedScores");
