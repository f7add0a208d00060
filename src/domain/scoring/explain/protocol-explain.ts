import { FLAG_CATALOGUE, type FlagRule, flagRule } from "../flag-catalogue";
import type { Severity } from "../severity";
import { RISK_CATEGORIES, type RiskCategory, type SubjectType } from "../subject";
import type { ExplainInput } from "./explain-input";
import type { ProtocolExplain, RiskCategoryReport, RiskLevel } from "./explanation-types";

const LEVEL_ORDER: readonly RiskLevel[] = ["none", "low", "medium", "high", "critical"];

/** info flags are observations, not risk. */
function levelOf(severity: Severity): RiskLevel {
  return severity === "info" ? "none" : severity;
}

function categoriesFor(subjectType: SubjectType): RiskCategory[] {
  const rules: readonly FlagRule[] = Object.values(FLAG_CATALOGUE);
  return RISK_CATEGORIES.filter((category) =>
    rules.some((rule) => rule.category === category && rule.appliesTo.includes(subjectType)),
  );
}

/** Every risk family that applies to the subject type, clear ones included, so "none" is stated, not implied. */
export function protocolExplain(input: ExplainInput): ProtocolExplain {
  const riskCategories: RiskCategoryReport[] = categoriesFor(input.subjectType).map((category) => {
    let level: RiskLevel = "none";
    const signals: string[] = [];
    for (const flag of input.flags) {
      if (flagRule(flag.code).category !== category) continue;
      signals.push(`${flag.code}: ${flag.evidence.detail}`);
      const candidate = levelOf(flag.severity);
      if (LEVEL_ORDER.indexOf(candidate) > LEVEL_ORDER.indexOf(level)) level = candidate;
    }
    return { category, level, signals };
  });
  return { riskCategories };
}
