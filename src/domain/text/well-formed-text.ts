import * as t from "io-ts";

/** An unpaired UTF-16 surrogate: such a string has no UTF-8 encoding (`toUtf8Bytes` throws on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls and DEL, except tab, line feed and carriage return: never meaningful in our inputs,
 * and NUL is refused by PostgreSQL text columns. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Why a string is not acceptable text, or null when it is. */
export function textDefect(value: string): "lone_surrogate" | "control_character" | null {
  if (LONE_SURROGATE.test(value)) return "lone_surrogate";
  if (CONTROL.test(value)) return "control_character";
  return null;
}

export const isWellFormedText = (value: string): boolean => textDefect(value) === null;

export interface WellFormedTextBrand {
  readonly WellFormedText: unique symbol;
}

/** Text every decoder accepts: valid UTF-16 (so it encodes to UTF-8), no control characters. */
export const WellFormedText = t.brand(
  t.string,
  (value): value is t.Branded<string, WellFormedTextBrand> => isWellFormedText(value),
  "WellFormedText",
);
export type WellFormedText = t.TypeOf<typeof WellFormedText>;

/** Well-formed text of at most `max` UTF-16 units. */
export const boundedText = (max: number) =>
  t.refinement(WellFormedText, (value) => value.length <= max, `WellFormedText(<=${max})`);
