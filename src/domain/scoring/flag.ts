import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";
import { type FlagCode, flagRule } from "./flag-catalogue";
import { type Severity, severityRank } from "./severity";

export type { Severity } from "./severity";

/** What raised a flag, concrete enough for someone to check it on an explorer. */
export interface FlagEvidence {
  readonly detail: string;
  readonly txHashes?: readonly TxHash[];
  readonly counterparties?: readonly Address[];
  readonly blocks?: readonly number[];
  readonly holders?: readonly Address[];
  readonly tokens?: readonly Address[];
  /** The measured figures the rule compared with its thresholds (shares, counts, bps). */
  readonly figures?: Readonly<Record<string, number | string>>;
}

export interface Flag {
  readonly code: FlagCode;
  readonly severity: Severity;
  /** Score effect; negative is a penalty, 0 for info. */
  readonly points: number;
  readonly evidence: FlagEvidence;
}

export function isBlocking(flag: Flag): boolean {
  return flag.severity === "critical";
}

export function worstSeverity(flags: readonly Flag[]): Severity | null {
  let worst: Severity | null = null;
  for (const flag of flags) {
    if (worst === null || severityRank(flag.severity) > severityRank(worst)) worst = flag.severity;
  }
  return worst;
}

/** Most severe first, then largest penalty, then code, so output is deterministic. */
export function sortFlags(flags: readonly Flag[]): Flag[] {
  return [...flags].sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) || a.points - b.points || a.code.localeCompare(b.code),
  );
}

/** Evidence lists stay short: a sample the reader can follow, with the full count in figures. */
export const EVIDENCE_SAMPLE_SIZE = 10;

export function sample<T>(items: Iterable<T>, size = EVIDENCE_SAMPLE_SIZE): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= size) break;
    out.push(item);
  }
  return out;
}

/** Distinct values in first-seen order, capped to the evidence sample. */
export function distinctSample<T>(items: Iterable<T>, size = EVIDENCE_SAMPLE_SIZE): T[] {
  const seen = new Set<T>();
  for (const item of items) {
    if (seen.size >= size) break;
    seen.add(item);
  }
  return [...seen];
}

/** A flag with its catalogue severity and points, unless the rule escalates them. */
export function raiseFlag(
  code: FlagCode,
  evidence: FlagEvidence,
  escalation?: { readonly severity: Severity; readonly points: number },
): Flag {
  const rule = flagRule(code);
  return {
    code,
    severity: escalation?.severity ?? rule.severity,
    points: escalation?.points ?? rule.points,
    evidence,
  };
}
