import * as E from "fp-ts/Either";
import { type Address, parseAddress } from "../chain/address";
import { type FlagCode, isFlagCode } from "../scoring/flag-catalogue";
import { optionalPlainNote } from "../text/plain-text";

/**
 * The operator's standing decision on one flag of one address. `under_review`: answers mark the flag
 * `underReview` (the flag and the score are unchanged); `review_closed`: the review is over and the mark goes.
 * `flag_removed` / `flag_downgraded`: an upheld dispute (or the operator directly) takes the flag out of every
 * answer, or keeps it as an `info` finding that costs nothing; the score and tier are recomputed without it.
 * Only the operator decides: feedback and disputes are what the operator reads before deciding.
 */
export const FLAG_DECISIONS = ["under_review", "review_closed", "flag_removed", "flag_downgraded"] as const;
export type FlagDecisionKind = (typeof FLAG_DECISIONS)[number];

export interface FlagDecisionRequest {
  readonly address: Address;
  readonly flag: FlagCode;
  readonly decision: FlagDecisionKind;
  /** The operator's plain-text note, or null. Not shown in answers. */
  readonly note: string | null;
}

export interface FlagDecision extends FlagDecisionRequest {
  /** Wall clock, ISO 8601. */
  readonly decidedAt: string;
}

export const FLAG_DECISION_NOTE_MAX = 200;

export interface FlagDecisionInputError {
  readonly code: "invalid_request";
  readonly field: "body" | "address" | "flag" | "decision" | "note";
}

const fail = (field: FlagDecisionInputError["field"]): E.Either<FlagDecisionInputError, never> =>
  E.left({ code: "invalid_request", field });

const isFlagDecisionKind = (value: unknown): value is FlagDecisionKind =>
  typeof value === "string" && (FLAG_DECISIONS as readonly string[]).includes(value);

/** POST /api/operator/flag-decisions `{address, flag, decision, note?}`; also the rule stored rows are read by. */
export function decodeFlagDecisionRequest(body: unknown): E.Either<FlagDecisionInputError, FlagDecisionRequest> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail("body");
  const record = body as Record<string, unknown>;
  const address = parseAddress(record["address"]);
  if (address === undefined) return fail("address");
  const flag = record["flag"];
  if (typeof flag !== "string" || !isFlagCode(flag)) return fail("flag");
  const decision = record["decision"];
  if (!isFlagDecisionKind(decision)) return fail("decision");
  const note = optionalPlainNote(record["note"], FLAG_DECISION_NOTE_MAX);
  if (note === undefined) return fail("note");
  return E.right({ address, flag, decision, note });
}

/** The flags answers mark `underReview`, from the standing decisions of one address: sorted, each once. */
export function flagsUnderReview(decisions: readonly FlagDecision[]): FlagCode[] {
  const flags = new Set(decisions.filter((d) => d.decision === "under_review").map((d) => d.flag));
  return [...flags].sort();
}

/** What the standing decisions do to the flags of answers: each flag removed or downgraded, by code. */
export type FlagAmendment = "remove" | "downgrade";

export function flagAmendments(decisions: readonly FlagDecision[]): ReadonlyMap<FlagCode, FlagAmendment> {
  const amendments = new Map<FlagCode, FlagAmendment>();
  for (const d of decisions) {
    if (d.decision === "flag_removed") amendments.set(d.flag, "remove");
    else if (d.decision === "flag_downgraded") amendments.set(d.flag, "downgrade");
  }
  return amendments;
}

/**
 * Whether a signed claim about `flags`, issued at `issuedAt` (unix seconds), is overtaken by a standing decision:
 * one that removed or downgraded a flag it carries, decided at or after its issue. `flags` null: the document only
 * commits to a hash of its flags (EAS), so any such decision on its subject after its issue overtakes it.
 */
export function overtakenByDecision(
  flags: readonly string[] | null,
  issuedAt: number,
  decisions: readonly FlagDecision[],
): boolean {
  return decisions.some(
    (d) =>
      (d.decision === "flag_removed" || d.decision === "flag_downgraded") &&
      Date.parse(d.decidedAt) >= issuedAt * 1000 &&
      (flags === null || flags.includes(d.flag)),
  );
}
