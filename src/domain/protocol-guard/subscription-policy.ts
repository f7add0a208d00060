import { tierRank } from "../scoring/tiers";
import type { GuardRule } from "./guard-rules";
import { exposureOf, fired, passed, type GuardExposure, type GuardSubject, type RuleOutcome } from "./guard-subject";

function applyRule(rule: GuardRule, name: string, subject: GuardSubject, exposure: GuardExposure): RuleOutcome {
  switch (rule.type) {
    case "min_score":
      return subject.score < rule.value
        ? fired(name, rule.action, `score ${subject.score} below minimum ${rule.value}`)
        : passed(name);
    case "block_flags": {
      const hit = subject.flags.map((f) => f.code).filter((code) => rule.flags.includes(code));
      return hit.length > 0 ? fired(name, "block", `blocked flag raised: ${hit.join(", ")}`) : passed(name);
    }
    case "max_amount_below_tier": {
      if (tierRank(subject.tier) >= tierRank(rule.tier)) return passed(name);
      const amount = exposureOf(exposure);
      // Fail closed: below the tier, an unstated amount cannot be shown to be under the cap.
      if (amount === undefined)
        return fired(
          name,
          rule.action,
          `tier ${subject.tier} below ${rule.tier} and no amount stated (cap ${rule.amount})`,
        );
      return amount > rule.amount
        ? fired(
            name,
            rule.action,
            `amount ${amount} above cap ${rule.amount} for tier ${subject.tier} (below ${rule.tier})`,
          )
        : passed(name);
    }
  }
}

/** A subscription's own rules, each named `rules[i].<type>` in `rulesApplied`. */
export function subscriptionPolicy(
  rules: readonly GuardRule[],
  subject: GuardSubject,
  exposure: GuardExposure,
): RuleOutcome[] {
  return rules.map((rule, i) => applyRule(rule, `rules[${i}].${rule.type}`, subject, exposure));
}
