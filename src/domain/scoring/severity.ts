/**
 * "critical" is reserved for proven blocking patterns: a critical flag makes the tier BLOCKED.
 * "info" flags cost nothing; they exist so explanations can say what was noticed.
 */
export type Severity = "info" | "low" | "medium" | "high" | "critical";

export const SEVERITY_ORDER: readonly Severity[] = ["info", "low", "medium", "high", "critical"];

export function severityRank(severity: Severity): number {
  return SEVERITY_ORDER.indexOf(severity);
}
