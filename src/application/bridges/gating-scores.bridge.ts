/**
 * Bridges between application modules live in this folder and only here: the consumer declares a
 * narrow port in its own use-case folder (gating-scores.port.ts, guard-scores.port.ts), and a bridge
 * here implements it with the other module's use case. Modules never reach into each other otherwise.
 */
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { SubjectType } from "../../domain/gating/attestation";
import type { AddressKind } from "../../domain/chain/chain-types";
import {
  type SubjectScore,
  type SubjectScoringFailure,
  type GatingScores,
  scoringUnavailable,
  subjectKindMismatch,
} from "../use-cases/gating/gating-scores.port";
import { ScoreAddress } from "../use-cases/scoring/score-address.use-case";

/** A wallet attestation is about an account with no code; a token attestation about an ERC-20. */
const KIND_OF: Readonly<Record<SubjectType, AddressKind>> = { wallet: "eoa", token: "erc20" };

/** Gating's view of scoring: the same cached, snapshotted answer the products give. */
@injectable()
export class GatingScoresFromScoring implements GatingScores {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  scoreSubject(request: {
    readonly subject: Address;
    readonly subjectType: SubjectType;
  }): TE.TaskEither<SubjectScoringFailure, SubjectScore> {
    return pipe(
      this.scoreAddress.execute(request.subject),
      TE.mapLeft((failure): SubjectScoringFailure =>
        scoringUnavailable(`${failure.stage}: ${failure.cause.source}: ${failure.cause.detail}`),
      ),
      TE.filterOrElse(
        (scored) => scored.kind === KIND_OF[request.subjectType],
        (scored): SubjectScoringFailure =>
          subjectKindMismatch(`${request.subjectType} requested, ${scored.kind} found`),
      ),
      TE.map((scored) => ({
        score: scored.score,
        tier: scored.tier,
        confidence: scored.confidence,
        flags: scored.flags.map((f) => f.code),
        snapshotId: scored.snapshotId,
        scoringVersion: scored.scoringVersion,
      })),
    );
  }
}
