import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { GuardSubject } from "../../../domain/protocol-guard/guard-subject";
import type { SubjectType } from "../../../domain/scoring";
import type { UpstreamFailure } from "../../failures";

/** The product answer as Protocol Guard reads it: what its rules decide on, and what a result names. */
export interface GuardScore extends GuardSubject {
  readonly address: Address;
  readonly subjectType: SubjectType;
  readonly snapshotId: string;
  readonly scoringVersion: string;
}

/** No score could be computed (the address not classified, or its profile not read): guard fails closed. */
export interface GuardScoringFailed {
  readonly stage: "detection" | "scoring";
  readonly cause: UpstreamFailure;
}

/**
 * The one thing a Protocol Guard check needs from scoring: the product answer for a wallet (cached
 * and snapshotted like every other product). Declared here, by its consumer; the bridge to the
 * scoring module is in application/bridges/.
 */
export interface GuardScores {
  execute(address: Address): TaskEither<GuardScoringFailed, GuardScore>;
}

export const GuardScores = Symbol.for("GuardScores");
