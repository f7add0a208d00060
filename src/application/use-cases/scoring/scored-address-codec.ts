import type { ScoredAddress } from "./scored-address";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A sold score as stored with its payment-identifier: plain JSON (a ScoredAddress holds no bigint),
 * read back only if it still has the shape of one. It is our own write, so the check is a guard
 * against a corrupted row, not a full decode. Shaped as payment's AnswerCodec, spelt out so scoring names no
 * payment type.
 */
export const scoredAddressCodec: {
  readonly encode: (answer: ScoredAddress) => unknown;
  /** undefined: the stored JSON is not a scored address. */
  readonly decode: (stored: unknown) => ScoredAddress | undefined;
} = {
  encode: (answer) => JSON.parse(JSON.stringify(answer)) as unknown,
  decode: (stored) =>
    isObject(stored) &&
    typeof stored.address === "string" &&
    typeof stored.score === "number" &&
    typeof stored.kind === "string" &&
    typeof stored.snapshotId === "string" &&
    typeof stored.queriedAt === "string" &&
    Array.isArray(stored.flags) &&
    isObject(stored.explanation)
      ? (stored as unknown as ScoredAddress)
      : undefined,
};
