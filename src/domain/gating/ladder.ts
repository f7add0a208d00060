import * as E from "fp-ts/Either";
import { parseDecimalAmount, type DecimalAmount } from "./decimal-amount";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";

/** One rung of a protocol's own ladder: scores in [minScore, maxScore] may do `capability`. */
export interface LadderBand {
  readonly minScore: number;
  /** Inclusive; omitted means no upper bound. */
  readonly maxScore?: number;
  readonly capability: string;
  /** Largest amount this band allows for the capability; omitted means no cap. */
  readonly maxAmount?: DecimalAmount;
}

export interface Ladder {
  readonly protocolId?: string;
  readonly bands: readonly LadderBand[];
  /** Scores with confidence (0-100) below this fail closed. */
  readonly minConfidence?: number;
  /** The caller confirms it runs its own second factor; mainnet mode refuses without it. */
  readonly multiFactorAcknowledged?: boolean;
}

export const GATING_NETWORKS = ["testnet", "mainnet"] as const;
export type GatingNetwork = (typeof GATING_NETWORKS)[number];

/** What a ladder is evaluated against: the caller's ladder and request, and Credence's score. */
export interface LadderInput {
  readonly ladder: Ladder;
  readonly network: GatingNetwork;
  readonly score: number;
  readonly confidence: number;
  readonly capability?: string;
  readonly requestedAmount?: DecimalAmount;
}

/** Why a check says no. Every path that cannot prove "yes" ends in one of these (fail closed). */
export type LadderReason =
  | "no_band_matches"
  | "capability_mismatch"
  | "amount_exceeds_band_max"
  | "confidence_below_minimum"
  | "multi_factor_not_acknowledged";

export const MAX_BANDS = 32;
const MAX_LABEL = 64;
const LABEL = /^[A-Za-z0-9_.:-]+$/;

export function isLabel(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_LABEL && LABEL.test(value);
}

const isScore = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 100;

function decodeBand(raw: unknown): LadderBand | undefined {
  if (!isJsonObject(raw) || !isScore(raw.minScore) || !isLabel(raw.capability)) return undefined;
  if (raw.maxScore !== undefined && (!isScore(raw.maxScore) || raw.maxScore < raw.minScore)) return undefined;
  const maxAmount = raw.maxAmount === undefined ? undefined : parseDecimalAmount(raw.maxAmount);
  if (raw.maxAmount !== undefined && maxAmount === undefined) return undefined;
  return {
    minScore: raw.minScore,
    capability: raw.capability,
    ...(raw.maxScore === undefined ? {} : { maxScore: raw.maxScore }),
    ...(maxAmount === undefined ? {} : { maxAmount }),
  };
}

/**
 * `ladder_required` when there are no bands to evaluate (missing or empty `bands`);
 * `invalid_ladder` for any field of the wrong shape.
 */
export function decodeLadder(raw: unknown): E.Either<GatingInputError, Ladder> {
  if (!isJsonObject(raw)) return E.left(gatingInputError("invalid_ladder"));
  if (raw.bands === undefined || (Array.isArray(raw.bands) && raw.bands.length === 0)) {
    return E.left(gatingInputError("ladder_required"));
  }
  if (!Array.isArray(raw.bands) || raw.bands.length > MAX_BANDS) return E.left(gatingInputError("invalid_ladder"));
  const bands = raw.bands.map(decodeBand);
  if (bands.some((band) => band === undefined)) return E.left(gatingInputError("invalid_ladder"));

  const { protocolId, minConfidence, multiFactorAcknowledged } = raw;
  if (protocolId !== undefined && !isLabel(protocolId)) return E.left(gatingInputError("invalid_ladder"));
  if (minConfidence !== undefined && !isScore(minConfidence)) return E.left(gatingInputError("invalid_ladder"));
  if (multiFactorAcknowledged !== undefined && typeof multiFactorAcknowledged !== "boolean") {
    return E.left(gatingInputError("invalid_ladder"));
  }
  return E.right({
    bands: bands as LadderBand[],
    ...(protocolId === undefined ? {} : { protocolId }),
    ...(minConfidence === undefined ? {} : { minConfidence }),
    ...(multiFactorAcknowledged === undefined ? {} : { multiFactorAcknowledged }),
  });
}
