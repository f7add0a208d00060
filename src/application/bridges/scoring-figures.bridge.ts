import { inject, injectable } from "inversify";
import type { ScoringFigures, ScoringFiguresView } from "../use-cases/platform/scoring-figures.port";
import { ScoringStats } from "../use-cases/scoring/scoring-stats";

/** The platform counters' view of scoring: its process-lifetime counters, as they stand. */
@injectable()
export class ScoringFiguresFromScoring implements ScoringFigures {
  constructor(@inject(ScoringStats) private readonly stats: ScoringStats) {}

  view(): ScoringFiguresView {
    return this.stats.view();
  }
}
