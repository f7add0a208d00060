import { tierRank } from "../scoring/tiers";
import { evaluateCondition, type ArgValue } from "./event-condition";
import type { GuardRule, LadderBand } from "./guard-rules";
import { exposureOf, fired, passed, type GuardExposure, type GuardSubject, type RuleOutcome } from "./guard-subject";
import type { TokenMovement } from "./watch-match";

/** What the watcher knows about an on-chain touch; absent for a POST /check, where on-chain rules pass. */
export interface OnchainContext {
  /** Event name and canonical signature of a decoded log (absent for calls and undecoded logs). */
  readonly eventName?: string;
  readonly eventSignature?: string;
  /** Decoded arguments by name and by position (`$0`, `$1`, ...). */
  readonly args: Readonly<Record<string, ArgValue>>;
  /** The wallet's score when this subscription last saw it on chain. */
  readonly previousScore?: number;
  readonly transfers: readonly TokenMovement[];
}

const bandOf = (ladder: readonly LadderBand[], score: number): LadderBand | undefined =>
  [...ladder].reverse().find((band) => score >= band.min);

function applyOnchainRule(rule: GuardRule, name: string, subject: GuardSubject, ctx: OnchainContext): RuleOutcome {
  switch (rule.type) {
    case "score_drop": {
      const before = ctx.previousScore;
      return before !== undefined && before - subject.score >= rule.by
        ? fired(name, rule.action, `score fell ${before - subject.score} (from ${before} to ${subject.score})`)
        : passed(name);
    }
    case "ladder_band_change": {
      if (ctx.previousScore === undefined) return passed(name);
      const before = bandOf(rule.ladder, ctx.previousScore)?.label ?? "below ladder";
      const now = bandOf(rule.ladder, subject.score)?.label ?? "below ladder";
      return before !== now ? fired(name, rule.action, `ladder band changed from ${before} to ${now}`) : passed(name);
    }
    case "large_transfer": {
      const large = ctx.transfers.find((t) => t.token === rule.token && t.amount >= rule.amount);
      return large !== undefined
        ? fired(name, rule.action, `transfer of ${large.amount} ${rule.token} (threshold ${rule.amount})`)
        : passed(name);
    }
    case "event_match": {
      const named = rule.event === ctx.eventName || rule.event === ctx.eventSignature;
      return named && evaluateCondition(rule.parsed, ctx.args)
        ? fired(name, rule.action, `${rule.event} matched ${rule.condition}`)
        : passed(name);
    }
    default:
      return passed(name);
  }
}

function applyRule(
  rule: GuardRule,
  name: string,
  subject: GuardSubject,
  exposure: GuardExposure,
  onchain: OnchainContext | undefined,
): RuleOutcome {
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
    default:
      return onchain === undefined ? passed(name) : applyOnchainRule(rule, name, subject, onchain);
  }
}

/** A subscription's own rules, each named `rules[i].<type>` in `rulesApplied`. */
export function subscriptionPolicy(
  rules: readonly GuardRule[],
  subject: GuardSubject,
  exposure: GuardExposure,
  onchain?: OnchainContext,
): RuleOutcome[] {
  return rules.map((rule, i) => applyRule(rule, `rules[${i}].${rule.type}`, subject, exposure, onchain));
}
