import type { Severity } from "./severity";
import type { RiskCategory, SubjectType } from "./subject";

export interface FlagRule {
  readonly appliesTo: readonly SubjectType[];
  /** Default severity; a rule text says when it escalates. "critical" means BLOCKED. */
  readonly severity: Severity;
  /** Default score effect (negative = penalty). */
  readonly points: number;
  readonly category: RiskCategory;
  /** Short phrase for headlines and summaries. */
  readonly title: string;
  /** The rule, with its thresholds, as docs/flags.md states it. */
  readonly rule: string;
}
