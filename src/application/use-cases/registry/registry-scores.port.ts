import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { Tier } from "../../../domain/scoring";

/** The figures of a scored answer that go on chain (domain/registry/registry-entry.ts, registryEntryOf). */
export interface RegistryScore {
  readonly address: Address;
  readonly score: number;
  readonly tier: Tier;
  readonly confidence: number;
  readonly flags: readonly { readonly code: string }[];
}

/** The address could not be scored now: it is left out of the write. */
export interface RegistryScoringFailed {
  readonly _tag: "RegistryScoringFailed";
  /** For logs only. */
  readonly detail: string;
}

/**
 * What publishing needs from scoring: the product answer for an address (cached and snapshotted like
 * every other product), as far as the registry stores it. Declared here, by its consumer; the bridge
 * to the scoring module is in application/bridges/.
 */
export interface RegistryScores {
  scoreOf(address: Address): TaskEither<RegistryScoringFailed, RegistryScore>;
}

export const RegistryScores = Symbol.for("RegistryScores");
