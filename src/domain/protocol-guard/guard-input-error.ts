import * as E from "fp-ts/Either";

/**
 * Input errors of the Protocol Guard paths, each answered `400 {error: code, field?}` by the edge.
 * `field` names the request field that was refused, so a caller can fix it without guessing.
 */
export interface GuardInputError {
  readonly _tag: "GuardInputError";
  readonly code: "invalid_wallet" | "invalid_request";
  readonly field?: string;
}

export const invalidWallet = (): GuardInputError => ({ _tag: "GuardInputError", code: "invalid_wallet" });

export const invalidRequest = (field: string): GuardInputError => ({
  _tag: "GuardInputError",
  code: "invalid_request",
  field,
});

export const refuse = (field: string): E.Either<GuardInputError, never> => E.left(invalidRequest(field));

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first key of `value` outside `allowed`, so typos ("rule" for "rules") are refused, not ignored. */
export function unknownKey(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((key) => !allowed.includes(key));
}
