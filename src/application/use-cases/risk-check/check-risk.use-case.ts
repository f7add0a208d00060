import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import {
  RISK_CHECK_TTL_SECONDS,
  riskReasons,
  riskScoreOf,
  riskTierOf,
  type RiskCheckCommand,
  type RiskTier,
} from "../../../domain/risk-check/risk-check";
import { JWKS_PATH, RISK_CHECK_CATEGORIES, didWebOf } from "../../../domain/risk-check/risk-check-discovery";
import { Clock } from "../../ports/clock.port";
import { RiskCheckSigner } from "../../ports/risk-check-signer.port";
import { RiskCheckScores } from "./risk-check-scores.port";
import { RiskCheckSettings } from "./risk-check-settings";

export interface RiskCheckResult {
  readonly checked: true;
  readonly address: string;
  readonly score: number;
  readonly tier: RiskTier;
  readonly provider: string;
  readonly categories: readonly string[];
  readonly reasons: readonly string[];
  readonly confidence: number;
  readonly credenceTier: string;
  readonly subjectType: string;
  readonly snapshotId: string;
  readonly jws: string;
  readonly jwks_url: string;
  readonly checked_at: string;
  readonly expires_at: string;
}

export interface RiskCheckFailed {
  readonly _tag: "RiskCheckFailed";
  readonly detail: string;
}

/**
 * POST /api/risk-check: score the address and sign the result (ES256 JWS) for the audience named,
 * by default this provider itself. `input_hash` commits to what was scored: address, chain, the
 * snapshot the score is and the scoring version, so an auditor can match it to GET /api/snapshots.
 */
@injectable()
export class CheckRisk {
  constructor(
    @inject(RiskCheckScores) private readonly scores: RiskCheckScores,
    @inject(RiskCheckSigner) private readonly signer: RiskCheckSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(RiskCheckSettings) private readonly settings: RiskCheckSettings,
  ) {}

  execute(command: RiskCheckCommand, baseUrl: string): TE.TaskEither<RiskCheckFailed, RiskCheckResult> {
    const failed = (detail: string): RiskCheckFailed => ({ _tag: "RiskCheckFailed", detail });
    return pipe(
      this.scores.scoreAny(command.address),
      TE.mapLeft((failure) => failed(failure.detail)),
      TE.flatMap((scored) => {
        const iat = Math.floor(this.clock.nowMs() / 1000);
        const exp = iat + RISK_CHECK_TTL_SECONDS;
        const score = riskScoreOf(scored);
        const chain = `eip155:${this.settings.chainId}`;
        const provider = didWebOf(baseUrl);
        const reasons = riskReasons(scored);
        const inputs = {
          address: command.address,
          chain,
          snapshotId: scored.snapshotId,
          scoringVersion: scored.scoringVersion,
        };
        const claims = {
          iss: provider,
          sub: command.address,
          aud: command.audience ?? baseUrl,
          iat,
          exp,
          score,
          tier: riskTierOf(score),
          categories: RISK_CHECK_CATEGORIES,
          input_hash: this.signer.hash(JSON.stringify(inputs)),
          reasons,
          confidence: Math.round(scored.confidence),
          credence_tier: scored.tier,
          chain,
          snapshot_id: scored.snapshotId,
        };
        return pipe(
          this.signer.sign(claims),
          TE.mapLeft((failure) => failed(`signing: ${failure.detail}`)),
          TE.map((jws) => ({
            checked: true as const,
            address: command.address,
            score,
            tier: claims.tier,
            provider,
            categories: RISK_CHECK_CATEGORIES,
            reasons,
            confidence: claims.confidence,
            credenceTier: scored.tier,
            subjectType: scored.subjectType,
            snapshotId: scored.snapshotId,
            jws,
            jwks_url: `${baseUrl}${JWKS_PATH}`,
            checked_at: new Date(iat * 1000).toISOString(),
            expires_at: new Date(exp * 1000).toISOString(),
          })),
        );
      }),
    );
  }
}
