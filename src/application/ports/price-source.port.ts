import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { UpstreamFailure } from "../failures";

/** Dollar value of on-chain amounts, so stakes are compared by real size rather than raw units. */
export interface PriceSource {
  /** `amount` raw units of a token (or of the native coin) in dollars; null when it has no known price. */
  usdValue(asset: Address | "native", amount: bigint): TaskEither<UpstreamFailure, number | null>;
}

export const PriceSource = Symbol.for("PriceSource");
