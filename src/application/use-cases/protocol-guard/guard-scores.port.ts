import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { ScoredAddress, ScoringFailed } from "../scoring/scored-address";

/**
 * The one thing a Protocol Guard check needs from scoring: the product answer for a wallet (cached
 * and snapshotted like every other product). Declared here, by its consumer; the bridge to the
 * scoring module is in application/bridges/.
 */
export interface GuardScores {
  execute(address: Address): TaskEither<ScoringFailed, ScoredAddress>;
}

export const GuardScores = Symbol.for("GuardScores");
