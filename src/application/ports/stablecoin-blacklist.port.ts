import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { UpstreamFailure } from "../failures";

/** A stablecoin issuer's own freeze list (USDC's `isBlacklisted(address)`). */
export interface StablecoinBlacklist {
  /** The token asked. */
  readonly token: Address;
  /** true/false as the token answers; null when the token has no such function. */
  isBlacklisted(account: Address): TaskEither<UpstreamFailure, boolean | null>;
}

export const StablecoinBlacklist = Symbol.for("StablecoinBlacklist");
