import type { TaskEither } from "fp-ts/TaskEither";
import type { Address } from "../../domain/chain/address";
import type { ChainTime, TxHash } from "../../domain/chain/chain-types";
import type { PaymentKey } from "../../domain/payment/payment-proof";
import type { Settlement } from "../../domain/payment/settlement-response";
import type { UpstreamFailure } from "../failures";

export type ReserveOutcome = "reserved" | "already_used";

export interface PaymentRecord {
  readonly key: PaymentKey;
  /**
   * `spent`: another key's money already covers this one (see `spend`); never counted in totals.
   * `uncertain`: a settlement was sent and its outcome never learnt (see `markUncertain`).
   */
  readonly status: "reserved" | "settled" | "spent" | "uncertain";
  readonly expiresAt: ChainTime;
  readonly payer: Address | null;
  readonly value: bigint | null;
  readonly transaction: TxHash | null;
}

export interface PaymentTotals {
  /** Answers that were paid for (settled payments). */
  readonly paidQueries: number;
  /** Sum of settled values, in the asset's smallest unit. */
  readonly valueMoved: bigint;
}

/**
 * Spent and in-flight payments, so one payment buys one answer. `reserve` is atomic: of any
 * number of concurrent calls for one key exactly one gets "reserved".
 */
export interface PaymentLedger {
  /**
   * Claims `key` until `expiresAt` (chain time). A key is free again only when it was never
   * settled and its previous reservation expired (`expiresAt <= now`).
   */
  reserve(key: PaymentKey, expiresAt: ChainTime, now: ChainTime): TaskEither<UpstreamFailure, ReserveOutcome>;
  /** Records the money movement; a settled key is never reserved again. */
  markSettled(key: PaymentKey, settlement: Settlement): TaskEither<UpstreamFailure, void>;
  /**
   * Marks `key` as used for good without counting money under it: the transaction that settled
   * an authorization can then never be presented again as a transfer proof.
   */
  spend(key: PaymentKey): TaskEither<UpstreamFailure, void>;
  /**
   * A settlement was broadcast and its outcome is unknown (receipt timed out, node gone): the key
   * stays held, and a retry of the same payment may `claimUncertain` it to look on chain.
   */
  markUncertain(key: PaymentKey): TaskEither<UpstreamFailure, void>;
  /**
   * Turns an uncertain key back into a reservation; of concurrent callers exactly one gets true. A
   * store shared by several instances also treats as uncertain a reservation older than its lease:
   * its holder died (kill -9) between reserving and recording the outcome, perhaps after the money moved.
   */
  claimUncertain(key: PaymentKey): TaskEither<UpstreamFailure, boolean>;
  /** Drops a reservation that was not settled (nothing moved, the payer may retry). */
  release(key: PaymentKey): TaskEither<UpstreamFailure, void>;
  find(key: PaymentKey): TaskEither<UpstreamFailure, PaymentRecord | null>;
  totals(): TaskEither<UpstreamFailure, PaymentTotals>;
}

export const PaymentLedger = Symbol.for("PaymentLedger");
