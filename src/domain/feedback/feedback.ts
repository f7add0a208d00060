import * as E from "fp-ts/Either";
import { type Address, parseAddress } from "../chain/address";
import { type FlagCode, isFlagCode } from "../scoring/flag-catalogue";
import { isWellFormedText } from "../text/well-formed-text";

export type FeedbackVerdict = "false_positive" | "false_negative";

/** What a caller tells us about an answer: a flag it thinks is wrong (or missing), with an optional note. */
export interface FeedbackRequest {
  readonly address: Address;
  readonly flag: FlagCode | null;
  readonly verdict: FeedbackVerdict;
  readonly note: string | null;
  readonly contact: string | null;
}

export interface FeedbackEntry extends FeedbackRequest {
  readonly id: string;
  /** Wall clock, ISO 8601. */
  readonly receivedAt: string;
}

export const FEEDBACK_NOTE_MAX = 1_000;
export const FEEDBACK_CONTACT_MAX = 200;
/** Entries the store keeps (the oldest go first): feedback is a review queue, not an archive. */
export const FEEDBACK_KEPT = 10_000;
export const FEEDBACK_LIST_MAX = 100;

export interface FeedbackInputError {
  readonly code: "invalid_request";
  readonly field: "body" | "address" | "flag" | "verdict" | "note" | "contact";
}

const fail = (field: FeedbackInputError["field"]): E.Either<FeedbackInputError, never> =>
  E.left({ code: "invalid_request", field });

function optionalText(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max || !isWellFormedText(value)) return undefined;
  return value.trim() === "" ? null : value;
}

/** Every field checked and bounded; unknown fields are ignored. */
export function decodeFeedbackRequest(body: unknown): E.Either<FeedbackInputError, FeedbackRequest> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail("body");
  const record = body as Record<string, unknown>;
  const address = parseAddress(record["address"]);
  if (address === undefined) return fail("address");
  const flag = record["flag"];
  if (flag !== undefined && flag !== null && (typeof flag !== "string" || !isFlagCode(flag))) return fail("flag");
  const verdict = record["verdict"];
  if (verdict !== "false_positive" && verdict !== "false_negative") return fail("verdict");
  const note = optionalText(record["note"], FEEDBACK_NOTE_MAX);
  if (note === undefined) return fail("note");
  const contact = optionalText(record["contact"], FEEDBACK_CONTACT_MAX);
  if (contact === undefined) return fail("contact");
  return E.right({ address, flag: typeof flag === "string" ? flag : null, verdict, note, contact });
}
