import { FLAG_CATALOGUE, type FlagCode, type FlagRule, flagRule } from "../flag-catalogue";
import type { ExplainInput } from "./explain-input";
import type { DirectionDrivers } from "./explanation-types";

const MAX_DRIVERS = 4;

/**
 * Up: the biggest gaps in the positive parts, then the penalties that would lift if the behaviour
 * stopped. Down: the heaviest rules not currently raised, since those are what could still hit.
 */
export function directionDrivers(input: ExplainInput): DirectionDrivers {
  if (input.tier === "VERIFIED") return { up: [], down: [] };
  const up: string[] = [];
  for (const flag of input.flags) {
    if (flag.points < 0 && up.length < 2) {
      up.push(`Clearing ${flag.code} (${flagRule(flag.code).title}) would remove ${-flag.points} points.`);
    }
  }
  const gaps = input.components
    .map((c) => ({ c, gap: c.max - c.points }))
    .filter(({ gap }) => gap >= 1)
    .sort((a, b) => b.gap - a.gap);
  for (const { c, gap } of gaps) {
    if (up.length >= MAX_DRIVERS) break;
    up.push(`${c.improve} (up to +${Math.round(gap)} points).`);
  }
  const present = new Set(input.flags.map((f) => f.code));
  const candidates = (Object.entries(FLAG_CATALOGUE) as [FlagCode, FlagRule][])
    .filter(([code, rule]) => !present.has(code) && rule.appliesTo.includes(input.subjectType) && rule.points < 0)
    .sort((a, b) => a[1].points - b[1].points || a[0].localeCompare(b[0]))
    .slice(0, MAX_DRIVERS);
  const down = candidates.map(([code, rule]) =>
    rule.severity === "critical"
      ? `${code} (${rule.title}) would make it BLOCKED.`
      : `${code} (${rule.title}) would cost ${-rule.points} points.`,
  );
  return { up, down };
}
