import type { Logger } from "pino";
import type { NftScoringFailure } from "../../application/use-cases/scoring/score-nft-contract.use-case";
import type { ScoringFailed } from "../../application/use-cases/scoring/scored-address";
import type { OracleFailure } from "../../application/use-cases/scoring/sell-oracle-score.use-case";
import type { SuiChainFailure } from "../../application/ports/sui-chain.port";
import type { CoinScoringFailure } from "../../application/use-cases/sui/score-sui-coin.use-case";
import type { SuiWalletFailure } from "../../application/use-cases/sui/sui-wallet-answer";
import { assertNever, type ApiError } from "./api-error";
import type { DisputeFailure } from "../../application/use-cases/review/dispute-failure";
import type { CheckPayeeFailure } from "../../application/use-cases/risk-check/check-payee.use-case";
import type { PublishFailure } from "../../application/use-cases/registry/publish-scores.use-case";
import type { RegistryNotConfigured } from "../../application/use-cases/registry/describe-registry.use-case";
import type { ScanFailed } from "../../application/use-cases/scan/scan-settings";
import type {
  GraphTrustClusterFailure,
  GraphTrustFailure,
} from "../../application/use-cases/graph-trust/graph-trust-answer";

/**
 * Every application failure a route can meet, mapped to its error body in one place (statuses
 * follow from the codes in api-error.ts). Details go to the log, never to the client.
 */

/** Widget and batch items: the address could not be classified, or could not be scored. */
export const scoringFailureError = (failure: ScoringFailed): ApiError => ({
  code: failure.stage === "detection" ? "detection_failed" : "scoring_unavailable",
});

/** arc-score: any failure to score. */
export const platformScoreError = (_failure: ScoringFailed): ApiError => ({ code: "scoring_unavailable" });

/** GET /api/registry with no REGISTRY_ADDRESS: there is no registry to describe. */
export const registryError = (_failure: RegistryNotConfigured): ApiError => ({ code: "not_found" });

/** Graph trust before any snapshot exists: 503, like readiness (the lease holder's first recompute is under way). */
export const graphTrustError = (_failure: GraphTrustFailure): ApiError => ({ code: "not_ready" });

/** Graph trust: an unknown (or no longer found) cluster id, or no snapshot yet. */
export function graphClusterError(failure: GraphTrustClusterFailure): ApiError {
  switch (failure._tag) {
    case "ClusterNotFound":
      return { code: "cluster_not_found" };
    case "GraphTrustNotReady":
      return graphTrustError(failure);
    default:
      return assertNever(failure);
  }
}

/** NFT path: not a collection (redirect), or the history could not be read. */
export function nftFailureError(failure: NftScoringFailure, log: Logger): ApiError {
  if (failure._tag === "NotAnNftContract")
    return { code: "not_nft_contract", fields: { kind: failure.kind, redirect: failure.redirect } };
  log.warn({ stage: failure.stage, detail: failure.cause.detail }, "nft scoring failed");
  return { code: "explorer_failed" };
}

/** The oracle: payment outcomes, product redirects and scoring failures (nothing settled unless said). */
export function oracleFailureError(failure: OracleFailure, log: Logger): ApiError {
  switch (failure._tag) {
    case "PaymentRequired": {
      const { error: _code, ...challenge } = failure.body;
      return { code: "payment_required", fields: challenge, headers: failure.headers };
    }
    case "InvalidPayment":
      return { code: "invalid_payment", fields: { reason: failure.reason } };
    case "WrongProduct":
      return failure.code === "contract_not_wallet"
        ? { code: failure.code, fields: { code: "CONTRACT_NOT_WALLET", redirect: failure.redirect } }
        : { code: failure.code, fields: { redirect: failure.redirect } };
    case "ScoringFailed":
      log.warn({ stage: failure.stage, detail: failure.cause.detail }, "oracle scoring failed; nothing settled");
      return { code: "oracle_unavailable" };
    case "ComputeFailed":
      log.warn({ detail: failure.cause.cause.detail }, "paid scoring failed; nothing settled");
      return { code: "oracle_unavailable" };
    case "UpstreamFailure":
      log.warn({ source: failure.source, detail: failure.detail }, "payment upstream failed; nothing settled");
      // The ledger did not answer: refuse (503) rather than risk serving one payment twice.
      return failure.source === "storage" ? { code: "storage_unavailable" } : { code: "oracle_unavailable" };
    case "SignInRefused":
      return { code: "sign_in_failed", fields: { reason: failure.reason } };
    case "PaymentIdentifierConflict":
      return { code: "payment_identifier_conflict" };
    case "PaymentInProgress":
      // The first request with this id is still running: its answer will be served to this same retry.
      return { code: "payment_in_progress", fields: { retrySafe: true }, headers: { "Retry-After": "2" } };
    case "SanctionedPayer":
      // Refused before anything was reserved or settled: the payer keeps their money.
      return { code: "sanctioned_payer", fields: { list: failure.list, listDate: failure.listDate } };
    case "SettlementUnknown":
      // The money may have moved: say so, and that presenting the same payment again is safe.
      log.warn({ detail: failure.detail }, "settlement outcome unknown; key kept for a retry");
      return { code: "oracle_unavailable", fields: { settlement: "unknown", retrySafe: true } };
  }
}

const suiDetail = (cause: SuiChainFailure): string =>
  cause._tag === "SuiUpstreamFailure"
    ? cause.detail
    : cause._tag === "SuiMoveAbort"
      ? `${cause.module} abort ${cause.code}`
      : "signer does not hold the OracleCap";

/** Sui app, coin score: an unknown type is 404; anything the chain did not answer is 502. */
export function coinFailureError(failure: CoinScoringFailure, log: Logger): ApiError {
  if (failure._tag === "CoinNotFound") return { code: "coin_not_found" };
  log.warn({ detail: suiDetail(failure.cause) }, "sui coin scoring failed");
  return { code: "sui_unavailable" };
}

/**
 * Sui app, wallet score: the chain, the write or the read-back failed (nothing half-written is
 * reported); or the day's write budget is spent (until the next UTC day) or its store did not
 * answer, and nothing was sent.
 */
export function suiWalletFailureError(failure: SuiWalletFailure, log: Logger): ApiError {
  switch (failure._tag) {
    case "SuiWalletUpstream":
      log.warn({ detail: suiDetail(failure.cause) }, "sui wallet scoring failed");
      return { code: "sui_unavailable" };
    case "WriteBudgetExhausted":
      log.warn("sui write budget of the day spent: write refused");
      return { code: "write_budget_exhausted", headers: { "Retry-After": String(failure.retryAfterSeconds) } };
    case "WriteBudgetUnavailable":
      log.warn("sui write budget store unreachable: write refused");
      return { code: "storage_unavailable" };
    default:
      return assertNever(failure);
  }
}

/** Disputes: unknown id, a decision already standing, a bad signature, or a store / owner lookup that failed. */
export function disputeFailureError(failure: DisputeFailure, log: Logger): ApiError {
  switch (failure._tag) {
    case "DisputeNotFound":
      return { code: "not_found" };
    case "DisputeAlreadyDecided":
      return { code: "dispute_already_decided", fields: { status: failure.status } };
    case "DisputeSignatureInvalid":
      return { code: "invalid_request", fields: { field: "signature" } };
    case "UpstreamFailure":
      log.warn({ source: failure.source, detail: failure.detail }, "dispute failed upstream");
      return { code: failure.source === "storage" ? "storage_unavailable" : "explorer_failed" };
    default:
      return assertNever(failure);
  }
}

/** POST /api/risk-check/payee: a refused destination is the request's fault (400), the rest upstream. */
export function payeeCheckError(failure: CheckPayeeFailure): ApiError {
  switch (failure._tag) {
    case "ResourceRefused":
      return { code: "invalid_resource", fields: { reason: failure.reason } };
    case "ChallengeUnavailable":
      return { code: "payee_challenge_unavailable" };
    case "NotAPaymentChallenge":
      return { code: "not_a_payment_challenge" };
    case "PayeeCheckFailed":
      return { code: "scoring_unavailable" };
    default:
      return assertNever(failure);
  }
}

/** Registry publish: not configured (404), the day's EVM write budget spent or unreachable (nothing sent), upstream. */
export function publishFailureError(failure: PublishFailure, log: Logger): ApiError {
  switch (failure._tag) {
    case "RegistryNotConfigured":
      return { code: "not_found" };
    case "PublishUpstream":
      log.warn({ detail: failure.cause?.detail ?? "no address could be scored" }, "registry publish failed");
      return { code: "registry_unavailable" };
    case "WriteBudgetExhausted":
      log.warn("evm write budget of the day spent: registry write refused");
      return { code: "write_budget_exhausted", headers: { "Retry-After": String(failure.retryAfterSeconds) } };
    case "WriteBudgetUnavailable":
      log.warn("evm write budget store unreachable: registry write refused");
      return { code: "storage_unavailable" };
    default:
      return assertNever(failure);
  }
}

/** Wallet protection: the simulation or a chain read failed (never a guessed verdict). */
export function scanFailureError(failure: ScanFailed, log: Logger): ApiError {
  log.warn({ detail: failure.detail }, "scan failed");
  return { code: "scan_failed" };
}
