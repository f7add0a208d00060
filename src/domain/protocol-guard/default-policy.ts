import { exposureOf, fired, passed, type GuardExposure, type GuardSubject, type RuleOutcome } from "./guard-subject";

/**
 * Minimum score by what the action puts at stake (the larger of `amount` and `economicReachUsd`,
 * read as US dollars). Below 1,000 the tier rules alone decide. First match wins.
 */
export const REACH_MIN_SCORE: readonly { readonly atLeast: number; readonly minScore: number }[] = [
  { atLeast: 1_000_000, minScore: 80 },
  { atLeast: 100_000, minScore: 70 },
  { atLeast: 10_000, minScore: 60 },
  { atLeast: 1_000, minScore: 50 },
];

export function reachMinScore(exposure: GuardExposure): number | undefined {
  const reach = exposureOf(exposure);
  if (reach === undefined) return undefined;
  return REACH_MIN_SCORE.find((band) => reach >= band.atLeast)?.minScore;
}

/** Used when the check names no subscription, or its subscription has no rules. */
export function defaultPolicy(subject: GuardSubject, exposure: GuardExposure): RuleOutcome[] {
  const outcomes: RuleOutcome[] = [];
  outcomes.push(
    subject.tier === "LOW"
      ? fired("default_low_tier", "review", `tier LOW (score ${subject.score})`)
      : passed("default_low_tier"),
  );
  outcomes.push(
    subject.recommendation === "allow"
      ? passed("default_recommendation")
      : fired("default_recommendation", "review", `scoring recommends ${subject.recommendation}`),
  );
  const minScore = reachMinScore(exposure);
  if (minScore !== undefined) {
    outcomes.push(
      subject.score < minScore
        ? fired(
            "default_reach_min_score",
            "review",
            `score ${subject.score} below ${minScore} required at this economic reach`,
          )
        : passed("default_reach_min_score"),
    );
  }
  return outcomes;
}
