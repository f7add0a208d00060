import * as E from "fp-ts/Either";
import { isAddressText, parseAddress, type Address } from "../chain/address";

/** Longest excerpt of a bad entry echoed back (as batch does): enough to recognise it, never a copy of a large body. */
const ECHO_MAX_CHARS = 64;

/** At most this many addresses per graph-trust request, and at most this many caller seeds. */
export const MAX_GRAPH_TRUST_ADDRESSES = 100;
export const MAX_GRAPH_TRUST_SEEDS = 100;

export interface GraphTrustRequest {
  readonly addresses: readonly Address[];
  /** Caller's own seed set; absent: the configured (or default) seeds of the last recompute. */
  readonly seeds: readonly Address[] | null;
}

export type GraphTrustInputError =
  | { readonly code: "addresses_required" }
  | { readonly code: "too_many_addresses"; readonly max: number }
  | { readonly code: "invalid_addresses"; readonly invalid: readonly unknown[] }
  | { readonly code: "invalid_request"; readonly field: "seeds" };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const echo = (v: unknown): unknown =>
  typeof v === "string" ? v.slice(0, ECHO_MAX_CHARS) : Array.isArray(v) ? "<array>" : isRecord(v) ? "<object>" : v;

/** `{addresses: [<=100], seeds?: [<=100]}` -> distinct addresses and seeds, or the first error. */
export function decodeGraphTrustRequest(body: unknown): E.Either<GraphTrustInputError, GraphTrustRequest> {
  const addresses = isRecord(body) ? body.addresses : undefined;
  if (!Array.isArray(addresses) || addresses.length === 0) return E.left({ code: "addresses_required" });
  if (addresses.length > MAX_GRAPH_TRUST_ADDRESSES)
    return E.left({ code: "too_many_addresses", max: MAX_GRAPH_TRUST_ADDRESSES });
  const invalid = addresses.filter((a) => !isAddressText(a));
  if (invalid.length > 0) return E.left({ code: "invalid_addresses", invalid: invalid.map(echo) });
  const seeds = isRecord(body) ? body.seeds : undefined;
  if (seeds !== undefined) {
    const ok =
      Array.isArray(seeds) &&
      seeds.length > 0 &&
      seeds.length <= MAX_GRAPH_TRUST_SEEDS &&
      seeds.every((s) => isAddressText(s));
    if (!ok) return E.left({ code: "invalid_request", field: "seeds" });
  }
  return E.right({
    addresses: [...new Set(addresses.map((a) => parseAddress(a)!))],
    seeds: Array.isArray(seeds) ? [...new Set(seeds.map((s) => parseAddress(s)!))] : null,
  });
}
