import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";

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
}

export type RiskCheckInputError = "invalid_address" | "invalid_audience";

const MAX_AUDIENCE = 512;

/** `{address, aud?}`: address required; `aud` an http(s) URL or a DID, at most 512 characters. */
export function decodeRiskCheckRequest(body: unknown): E.Either<RiskCheckInputError, RiskCheckCommand> {
  const b = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const address = parseAddress(b.address);
  if (address === undefined) return E.left("invalid_address");
  if (b.aud === undefined) return E.right({ address });
  if (typeof b.aud !== "string" || b.aud.length > MAX_AUDIENCE || !isAudience(b.aud)) {
    return E.left("invalid_audience");
  }
  return E.right({ address, audience: b.aud });
}

function isAudience(value: string): boolean {
  if (/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(value)) return true;
  return /^https?:\/\/[\x21-\x7e]+$/.test(value);
}
