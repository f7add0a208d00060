import type { UpstreamFailure } from "../../failures";

/** Why a dispute could not be filed, read or decided. */
export type DisputeFailure =
  | { readonly _tag: "DisputeNotFound" }
  | { readonly _tag: "DisputeAlreadyDecided"; readonly status: "upheld" | "rejected" }
  /** A signature that recovers to no address (well-formed hex, not a valid secp256k1 signature). */
  | { readonly _tag: "DisputeSignatureInvalid" }
  /** The owner lookup a signed dispute needs did not answer (`rpc`/`explorer`), or the store did not (`storage`). */
  | UpstreamFailure;

export const disputeNotFound: DisputeFailure = { _tag: "DisputeNotFound" };
