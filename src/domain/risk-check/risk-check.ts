import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { decodeTransactionScan, type TransactionScanRequest } from "../scan/scan-requests";

/**
 * The x402 `risk-check` extension (proposal, specs/extensions/risk-check.md in the x402 repository):
 * a provider answers a score 0-100 (100 = safest) with a tier and a signed JWS. Credence's score
 * already runs 0-100 with 100 best, so it is the risk-check score as it stands; the tier is the
 * extension's own mapping, not Credence's product tier (which rides along as `credenceTier`).
 */
export const RISK_TIERS = ["low", "medium", "high", "critical"] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

/** The extension's mapping: low 80-100, medium 60-79, high 30-59, critical 0-29. */
export function riskTierOf(score: number): RiskTier {
  if (score >= 80) return "low";
  if (score >= 60) return "medium";
  if (score >= 30) return "high";
  return "critical";
}

export const RISK_TIER_MAPPING = { low: "80-100", medium: "60-79", high: "30-59", critical: "0-29" } as const;

/** What the JWS binds: attestations of a check live about an hour (the extension's "typically 1 hour"). */
export const RISK_CHECK_TTL_SECONDS = 3600;

/** What a Credence score says, as the risk check reads it. */
export interface RiskCheckScore {
  readonly score: number;
  /** Credence's product tier (BLOCKED, LOW ... ELITE, VERIFIED). */
  readonly tier: string;
  readonly confidence: number;
  readonly flags: readonly { readonly code: string; readonly severity: string }[];
  readonly subjectType: string;
  readonly officialIssuer: boolean;
  readonly snapshotId: string;
  readonly scoringVersion: string;
  readonly limitations: readonly string[];
}

/**
 * Why the score is what it is, most severe first: each flag as `CODE (severity)`, then what could
 * not be seen. An official issuer says so; a clean subject says that no risk flag was raised.
 */
export function riskReasons(scored: RiskCheckScore): readonly string[] {
  if (scored.officialIssuer) return ["OFFICIAL_ISSUER (verified: scored without heuristics)"];
  const reasons = scored.flags.map((flag) => `${flag.code} (${flag.severity})`);
  if (reasons.length === 0) reasons.push("NO_RISK_FLAGS");
  return [...reasons, ...scored.limitations.map((limitation) => `LIMITATION: ${limitation}`)];
}

/** Integer score for the JWS (the extension's `integer`); a verified issuer is the safest there is. */
export function riskScoreOf(scored: RiskCheckScore): number {
  const score = Math.round(Math.min(100, Math.max(0, scored.score)));
  return scored.officialIssuer ? 100 : score;
}

export interface RiskCheckCommand {
  readonly address: Address;
  /** The resource server the result is for (JWT `aud`); defaults to this provider's own URL. */
  readonly audience?: string;
  /** The 402's `extensions["risk-check"].info`, passed through by a facilitator: `min_score` and `required`. */
  readonly minScore?: number;
  readonly required?: boolean;
  /**
   * What the caller is about to sign (issue 31 item 6), in `POST /api/scan/transaction`'s shape and bounds: the
   * answer then carries the scan's verdict too. Credence's own extension; absent, the answer is the spec's.
   */
  readonly transaction?: TransactionScanRequest;
}

export type RiskCheckInputError =
  | "invalid_address"
  | "invalid_audience"
  | "invalid_min_score"
  | "invalid_required"
  | "invalid_transaction"
  | "invalid_chain_id"
  | "payload_too_large"
  | "transaction_not_batched";

const MAX_AUDIENCE = 512;

/**
 * `{address, aud?, min_score?, required?, transaction?}`: address required; `aud` an http(s) URL or a DID, at most
 * 512 characters; `min_score` an integer 0-100 and `required` a boolean, as the extension's `info` has them;
 * `transaction` `{chainId, from, to, value?, data?, gas?}` decoded exactly as the transaction scan decodes it, for
 * `chainId` (null: transactions are not taken here, as in a batch).
 */
export function decodeRiskCheckRequest(
  body: unknown,
  chainId: number | null = null,
): E.Either<RiskCheckInputError, RiskCheckCommand> {
  const b = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const address = parseAddress(b.address);
  if (address === undefined) return E.left("invalid_address");
  let command: RiskCheckCommand = { address };
  if (b.aud !== undefined) {
    if (typeof b.aud !== "string" || b.aud.length > MAX_AUDIENCE || !isAudience(b.aud)) {
      return E.left("invalid_audience");
    }
    command = { ...command, audience: b.aud };
  }
  if (b.min_score !== undefined) {
    if (!Number.isInteger(b.min_score) || (b.min_score as number) < 0 || (b.min_score as number) > 100) {
      return E.left("invalid_min_score");
    }
    command = { ...command, minScore: b.min_score as number };
  }
  if (b.required !== undefined) {
    if (typeof b.required !== "boolean") return E.left("invalid_required");
    command = { ...command, required: b.required };
  }
  if (b.transaction !== undefined) {
    if (chainId === null) return E.left("transaction_not_batched");
    const transaction = decodeTransactionScan(b.transaction, chainId);
    if (E.isLeft(transaction)) {
      const error = transaction.left;
      return E.left(error === "invalid_chain_id" || error === "payload_too_large" ? error : "invalid_transaction");
    }
    command = { ...command, transaction: transaction.right };
  }
  return E.right(command);
}

/** The extension's `invalidReason` values (Facilitator Behavior, Security Considerations). */
export const RISK_CHECK_INVALID_REASONS = [
  "risk-check-failed",
  "risk-check-unsupported",
  "risk-check-unavailable",
] as const;
export type RiskCheckInvalidReason = (typeof RISK_CHECK_INVALID_REASONS)[number];

export interface RiskCheckVerdict {
  readonly min_score: number;
  readonly passed: boolean;
  /** What the facilitator returns as `invalidReason` when `required` is true and the score is below `min_score`. */
  readonly invalidReason?: RiskCheckInvalidReason;
}

/**
 * The facilitator's rule, worked out for it: below `min_score` (default 0: any score passes) fails, and a
 * failure of a `required` check is `risk-check-failed`; an informational check (`required` false) only reports.
 */
export function riskCheckVerdict(score: number, command: Pick<RiskCheckCommand, "minScore" | "required">) {
  if (command.minScore === undefined && command.required === undefined) return {};
  const minScore = command.minScore ?? 0;
  const passed = score >= minScore;
  const verdict: RiskCheckVerdict =
    !passed && command.required === true
      ? { min_score: minScore, passed, invalidReason: "risk-check-failed" }
      : { min_score: minScore, passed };
  return verdict;
}

/** The spec names no batch limit; 100 is what issue 33 asks the batch to answer within `response_time_ms`. */
export const MAX_RISK_CHECK_BATCH = 100;

export type RiskCheckBatchError =
  | { readonly code: "addresses_required" }
  | { readonly code: "too_many_addresses"; readonly max: number }
  | { readonly code: RiskCheckInputError; readonly index: number };

/**
 * `{requests: [{address, aud?, min_score?, required?}, ...]}` (1-100 items), or the shorthand
 * `{addresses: [...]}`; all-or-nothing: the first bad item is refused with its `index`.
 */
export function decodeRiskCheckBatch(body: unknown): E.Either<RiskCheckBatchError, readonly RiskCheckCommand[]> {
  const b = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const items: unknown[] | null = Array.isArray(b.requests)
    ? b.requests
    : Array.isArray(b.addresses)
      ? b.addresses.map((address: unknown) => ({ address }))
      : null;
  if (items === null || items.length === 0) return E.left({ code: "addresses_required" });
  if (items.length > MAX_RISK_CHECK_BATCH) return E.left({ code: "too_many_addresses", max: MAX_RISK_CHECK_BATCH });
  const commands: RiskCheckCommand[] = [];
  for (const [index, item] of items.entries()) {
    const command = decodeRiskCheckRequest(item);
    if (E.isLeft(command)) return E.left({ code: command.left, index });
    commands.push(command.right);
  }
  return E.right(commands);
}

function isAudience(value: string): boolean {
  if (/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(value)) return true;
  return /^https?:\/\/[\x21-\x7e]+$/.test(value);
}
