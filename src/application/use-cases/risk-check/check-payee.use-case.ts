import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import {
  assessOption,
  payeeScoreOf,
  paymentOptionsOf,
  siteOf,
  type OptionAssessment,
} from "../../../domain/risk-check/payee-check";
import { RISK_CHECK_TTL_SECONDS, riskReasons, riskScoreOf, riskTierOf } from "../../../domain/risk-check/risk-check";
import { JWKS_PATH, didWebOf } from "../../../domain/risk-check/risk-check-discovery";
import { Clock } from "../../ports/clock.port";
import { RiskCheckSigner } from "../../ports/risk-check-signer.port";
import { PayeeCheckSettings, PayeeSightings, PaymentChallengeFetcher } from "./payee-check.ports";
import { isoSeconds } from "./risk-check-result";
import { RiskCheckScores } from "./risk-check-scores.port";

export type CheckPayeeFailure =
  | { readonly _tag: "ResourceRefused"; readonly reason: string }
  | { readonly _tag: "ChallengeUnavailable"; readonly detail: string }
  | { readonly _tag: "NotAPaymentChallenge" }
  | { readonly _tag: "PayeeCheckFailed"; readonly detail: string };

interface AssessedOption extends OptionAssessment {
  readonly score: number;
  readonly tier: string;
  readonly payee: { readonly score: number; readonly credenceTier: string; readonly reasons: readonly string[] } | null;
  readonly explorer: string | null;
}

export const PAYEE_CATEGORIES = ["payee_verification", "onchain_behavior"] as const;

/**
 * POST /api/risk-check/payee {resource}: fetches the resource's 402 challenge (outbound guard), and for
 * each payment option it offers reports the payTo score and flags, whether the asset is the official
 * USDC of that network, whether network and chain id agree, the price against the ceiling, and how many
 * unrelated sites the same payTo asks payment for; signed (ES256 JWS) like a risk-check result, the
 * worst option's score being the answer's.
 */
@injectable()
export class CheckPayee {
  constructor(
    @inject(PaymentChallengeFetcher) private readonly fetcher: PaymentChallengeFetcher,
    @inject(PayeeSightings) private readonly sightings: PayeeSightings,
    @inject(RiskCheckScores) private readonly scores: RiskCheckScores,
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(PayeeCheckSettings) private readonly settings: PayeeCheckSettings,
  ) {}

  execute(resource: string, baseUrl: string): TE.TaskEither<CheckPayeeFailure, Record<string, unknown>> {
    return async () => {
      const fetched = await this.fetcher.fetch(resource)();
      if (fetched.kind === "refused") return E.left({ _tag: "ResourceRefused", reason: fetched.reason });
      if (fetched.kind === "failed") return E.left({ _tag: "ChallengeUnavailable", detail: fetched.reason });
      const options = paymentOptionsOf(fetched);
      if (E.isLeft(options)) return E.left({ _tag: "NotAPaymentChallenge" });
      const site = siteOf(resource);
      const assessed: AssessedOption[] = [];
      for (const option of options.right) {
        const domains = option.payTo === null ? 0 : await this.sightings.record(option.payTo, site)();
        const facts = { ...this.settings, domainsOfPayTo: domains };
        const assessment = assessOption(option, facts);
        let payee: AssessedOption["payee"] = null;
        if (assessment.scorable && option.payTo !== null) {
          const scored = await this.scores.scoreAny(option.payTo)();
          if (E.isLeft(scored)) return E.left({ _tag: "PayeeCheckFailed", detail: scored.left.detail });
          payee = {
            score: riskScoreOf(scored.right),
            credenceTier: scored.right.tier,
            reasons: riskReasons(scored.right),
          };
        }
        const score = payeeScoreOf(assessment, payee?.score ?? null);
        const explorer =
          this.settings.explorerUrl === null || option.payTo === null || !assessment.scorable
            ? null
            : `${this.settings.explorerUrl}/address/${option.payTo}`;
        assessed.push({ ...assessment, score, tier: riskTierOf(score), payee, explorer });
      }
      return this.signed(resource, site, baseUrl, assessed);
    };
  }

  private async signed(resource: string, site: string, baseUrl: string, options: readonly AssessedOption[]) {
    const iat = Math.floor(this.clock.nowMs() / 1000);
    const exp = iat + RISK_CHECK_TTL_SECONDS;
    const score = Math.min(...options.map((option) => option.score));
    const flags = [...new Set(options.flatMap((option) => option.flags.map((flag) => flag.code)))];
    const payTo = options.map((option) => option.payTo).filter((a) => a !== null);
    const provider = didWebOf(baseUrl);
    const inputs = options.map(({ network, asset, payTo: to, amount }) => ({ network, asset, payTo: to, amount }));
    const claims = {
      iss: provider,
      sub: payTo[0] ?? resource,
      aud: resource,
      iat,
      exp,
      score,
      tier: riskTierOf(score),
      categories: PAYEE_CATEGORIES,
      input_hash: this.signer.hash(JSON.stringify({ resource, options: inputs })),
      flags,
      pay_to: payTo,
    };
    const jws = await this.signer.sign(claims)();
    if (E.isLeft(jws))
      return E.left<CheckPayeeFailure>({ _tag: "PayeeCheckFailed", detail: `signing: ${jws.left.detail}` });
    const critical = options.some((option) => option.flags.some((flag) => flag.severity !== "info"));
    return E.right({
      checked: true,
      resource,
      site,
      score,
      tier: claims.tier,
      provider,
      categories: PAYEE_CATEGORIES,
      passed: !critical && claims.tier !== "critical" && claims.tier !== "high",
      flags,
      options,
      jws: jws.right,
      jwks_url: `${baseUrl}${JWKS_PATH}`,
      checked_at: isoSeconds(iat),
      expires_at: isoSeconds(exp),
    });
  }
}
