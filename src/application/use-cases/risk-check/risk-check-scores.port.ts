import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { RiskCheckScore } from "../../../domain/risk-check/risk-check";

export interface RiskScoringFailed {
  readonly _tag: "RiskScoringFailed";
  /** For logs only. */
  readonly detail: string;
}

/** Scores any address (wallet, token, contract) for a risk check: the same cached, snapshotted answer. */
export interface RiskCheckScores {
  scoreAny(address: Address): TaskEither<RiskScoringFailed, RiskCheckScore>;
}

export const RiskCheckScores = Symbol.for("RiskCheckScores");
