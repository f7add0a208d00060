import * as E from "fp-ts/Either";
import { isAddressText, parseAddress, type Address } from "../chain/address";

/** API contract: at most 40 addresses per batch request. */
export const MAX_BATCH_ADDRESSES = 40;

export type BatchInputError =
  | { readonly code: "addresses_required" }
  | { readonly code: "too_many_addresses"; readonly max: number }
  | { readonly code: "invalid_addresses"; readonly invalid: readonly unknown[] };

/** Longest excerpt of a bad entry echoed back: enough to recognise it, never a copy of a large body. */
export const ECHO_MAX_CHARS = 64;

/** What an error body may repeat of a bad entry: short scalars as sent, long text cut, structures named. */
function echoOf(value: unknown): unknown {
  if (typeof value === "string") return value.length > ECHO_MAX_CHARS ? `${value.slice(0, ECHO_MAX_CHARS)}…` : value;
  if (Array.isArray(value)) return "<array>";
  if (value !== null && typeof value === "object") return "<object>";
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{addresses: string[]}` -> the distinct addresses (duplicates answered once), or the first error the API contract names. */
export function decodeBatchRequest(body: unknown): E.Either<BatchInputError, readonly Address[]> {
  const addresses = isRecord(body) ? body.addresses : undefined;
  if (!Array.isArray(addresses) || addresses.length === 0) return E.left({ code: "addresses_required" });
  if (addresses.length > MAX_BATCH_ADDRESSES) return E.left({ code: "too_many_addresses", max: MAX_BATCH_ADDRESSES });
  const invalid = addresses.filter((a) => !isAddressText(a));
  if (invalid.length > 0) return E.left({ code: "invalid_addresses", invalid: invalid.map(echoOf) });
  return E.right([...new Set(addresses.map((a) => parseAddress(a)!))]);
}
