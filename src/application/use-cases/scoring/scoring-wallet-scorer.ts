import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { SubjectType } from "../../../domain/gating/attestation";
import { type ScoringUnavailable, type SubjectScore, type WalletScorer, scoringUnavailable } from "../../ports/wallet-scorer.port";
import { ScoreAddress } from "./score-address.use-case";

/** Gating's view of scoring: the same cached, snapshotted answer the products give. */
@injectable()
export class ScoringWalletScorer implements WalletScorer {
  constructor(@inject(ScoreAddress) private readonly scoreAddress: ScoreAddress) {}

  scoreSubject(request: { readonly subject: Address; readonly subjectType: SubjectType }): TE.TaskEither<ScoringUnavailable, SubjectScore> {
    return pipe(
      this.scoreAddress.execute(request.subject),
      TE.mapLeft((failure) => scoringUnavailable(`${failure.stage}: ${failure.cause.source}: ${failure.cause.detail}`)),
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
