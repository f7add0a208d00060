import { isWellFormedText } from "./well-formed-text";

/**
 * Every control character (C0 with tab and line breaks, DEL, C1) and the bidirectional overrides and isolates:
 * text that is republished (a revocation note, an operator's note on a flag) must read the same wherever it is
 * shown, so it may neither break lines nor reorder what follows it.
 */
const NOT_PLAIN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** One line of plain text: well-formed, no control or bidi-override characters. */
export const isPlainText = (value: string): boolean => isWellFormedText(value) && !NOT_PLAIN.test(value);

/**
 * An optional note of plain text: null when absent, null or blank; undefined when present but not a string of at
 * most `max` UTF-16 units of plain text (the caller refuses the request).
 */
export function optionalPlainNote(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max || !isPlainText(value)) return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}
