import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../failures";
import { AlertScoreChanged } from "../use-cases/protocol-guard/alert-score-changed.use-case";
import type { DisputeAlerts, ScoreChange } from "../use-cases/review/dispute-alerts.port";

/** Disputes' view of Protocol Guard: a decided dispute's change, alerted as `score_changed`. */
@injectable()
export class DisputeAlertsFromGuard implements DisputeAlerts {
  constructor(@inject(AlertScoreChanged) private readonly alert: AlertScoreChanged) {}

  scoreChanged(change: ScoreChange): TaskEither<UpstreamFailure, number> {
    return this.alert.execute(change);
  }
}
