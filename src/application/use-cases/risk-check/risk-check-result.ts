import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import {
  RISK_CHECK_TTL_SECONDS,
  riskCheckVerdict,
  riskReasons,
  riskScoreOf,
  riskTierOf,
  type RiskCheckCommand,
  type RiskCheckScore,
  type RiskCheckVerdict,
  type RiskTier,
} from "../../../domain/risk-check/risk-check";
import { JWKS_PATH, RISK_CHECK_CATEGORIES, didWebOf } from "../../../domain/risk-check/risk-check-discovery";
import type { TransactionScanAnswer } from "../../../domain/scan/scan-answer";
import type { RiskCheckSigner } from "../../ports/risk-check-signer.port";

export interface RiskCheckResult extends Partial<RiskCheckVerdict> {
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
  /** The transaction scan's answer, when the request carried a `transaction` (Credence's extension). */
  readonly transactionScan?: TransactionScanAnswer;
}

export interface RiskCheckFailed {
  readonly _tag: "RiskCheckFailed";
  readonly detail: string;
}

export const riskCheckFailed = (detail: string): RiskCheckFailed => ({ _tag: "RiskCheckFailed", detail });

/** ISO 8601 to the second, as the extension's examples write it ("2026-05-21T14:00:00Z"). */
export const isoSeconds = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * One signed result: the extension's fields and JWS claims (iss, sub, aud, iat, exp, score, tier,
 * categories, input_hash) plus Credence's own. `input_hash` commits to what was scored: address, chain,
 * the snapshot the score is and the scoring version, so an auditor can match it to GET /api/snapshots.
 * With a scanned transaction, the hash commits to the transaction too and the JWS carries the scan's verdict and
 * reason codes (`transaction_verdict`, `transaction_reasons`); without one, inputs and claims are the spec's as before.
 */
export function signedRiskCheck(
  signer: RiskCheckSigner,
  context: { readonly chainId: number; readonly baseUrl: string; readonly nowMs: number },
  command: RiskCheckCommand,
  scored: RiskCheckScore,
  scan: TransactionScanAnswer | null = null,
): TE.TaskEither<RiskCheckFailed, RiskCheckResult> {
  const iat = Math.floor(context.nowMs / 1000);
  const exp = iat + RISK_CHECK_TTL_SECONDS;
  const score = riskScoreOf(scored);
  const chain = `eip155:${context.chainId}`;
  const provider = didWebOf(context.baseUrl);
  const reasons = riskReasons(scored);
  const inputs = {
    address: command.address,
    chain,
    snapshotId: scored.snapshotId,
    scoringVersion: scored.scoringVersion,
    ...(command.transaction === undefined ? {} : { transaction: transactionInput(command.transaction) }),
  };
  const claims = {
    iss: provider,
    sub: command.address,
    aud: command.audience ?? context.baseUrl,
    iat,
    exp,
    score,
    tier: riskTierOf(score),
    categories: RISK_CHECK_CATEGORIES,
    input_hash: signer.hash(JSON.stringify(inputs)),
    reasons,
    confidence: Math.round(scored.confidence),
    credence_tier: scored.tier,
    chain,
    snapshot_id: scored.snapshotId,
    ...(scan === null
      ? {}
      : { transaction_verdict: scan.verdict, transaction_reasons: scan.reasons.map((reason) => reason.code) }),
  };
  return pipe(
    signer.sign(claims),
    TE.mapLeft((failure) => riskCheckFailed(`signing: ${failure.detail}`)),
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
      ...riskCheckVerdict(score, command),
      jws,
      jwks_url: `${context.baseUrl}${JWKS_PATH}`,
      checked_at: isoSeconds(iat),
      expires_at: isoSeconds(exp),
      ...(scan === null ? {} : { transactionScan: scan }),
    })),
  );
}

/** The transaction as the hash commits to it: amounts as decimal strings (JSON has no bigint). */
function transactionInput(transaction: NonNullable<RiskCheckCommand["transaction"]>) {
  return {
    chainId: transaction.chainId,
    from: transaction.from,
    to: transaction.to,
    value: transaction.value.toString(),
    data: transaction.data,
    gas: transaction.gas === null ? null : transaction.gas.toString(),
  };
}
