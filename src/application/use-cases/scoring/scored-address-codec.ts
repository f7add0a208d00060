import type { AnswerCodec } from "../payment/idempotent-paid-query.use-case";
import type { ScoredAddress } from "./scored-address";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A sold score as stored with its payment-identifier: plain JSON (a ScoredAddress holds no bigint),
 * read back only if it still has the shape of one. It is our own write, so the check is a guard
 * against a corrupted row, not a full decode.
 */
export const scoredAddressCodec: AnswerCodec<ScoredAddress> = {
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
