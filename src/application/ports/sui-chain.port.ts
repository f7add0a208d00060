import type * as TE from "fp-ts/TaskEither";
import type { RegistryView, ViewValue } from "../../domain/sui/registry-rules";
import type { CoinType, SuiAddress } from "../../domain/sui/sui-address";
import type { ScoreUpdate, SuiAddressActivity, SuiCoinInfo, WriteReceipt } from "../../domain/sui/sui-facts";

/** The node (or ledger) could not be reached, or answered something we cannot read. */
export interface SuiUpstreamFailure {
  readonly _tag: "SuiUpstreamFailure";
  readonly detail: string;
}

/** A Move abort, as the registry or capability module raises it (codes in domain/sui/registry-rules). */
export interface SuiMoveAbort {
  readonly _tag: "SuiMoveAbort";
  readonly module: string;
  readonly code: number;
}

/** The signer does not hold the registry's OracleCap, so it cannot write. */
export interface SuiNotOracle {
  readonly _tag: "SuiNotOracle";
}

export type SuiChainFailure = SuiUpstreamFailure | SuiMoveAbort | SuiNotOracle;

export const suiUpstream = (detail: string): SuiUpstreamFailure => ({ _tag: "SuiUpstreamFailure", detail });

/**
 * Everything the Sui side of Credence needs from the chain: coin facts, an address's activity,
 * read-only calls into the ScoreRegistry's view functions, and the oracle's signed write.
 * Times are chain time (checkpoint timestamps), never wall time.
 */
export interface SuiChain {
  /** The gas budget (MIST) writeScore sets on its transaction: the most one write can cost. */
  readonly writeGasBudget: bigint;
  /** null when no coin of this type exists. */
  coinInfo(coinType: CoinType): TE.TaskEither<SuiChainFailure, SuiCoinInfo | null>;
  addressActivity(address: SuiAddress): TE.TaskEither<SuiChainFailure, SuiAddressActivity>;
  /**
   * Runs the views in one read-only simulation and returns their values in order; a view that
   * aborts in Move (e.g. get_score on an unscored subject) fails the whole call with SuiMoveAbort.
   */
  simulateViews(views: readonly RegistryView[]): TE.TaskEither<SuiChainFailure, readonly ViewValue[]>;
  /** The current epoch and chain time (ms), as the latest checkpoint states them. */
  chainNow(): TE.TaskEither<SuiChainFailure, { readonly epoch: bigint; readonly timestampMs: number }>;
  /**
   * The digest of the oracle's transaction that updated `subject` in `epoch`, from the registry's
   * TrustScoreUpdated events (the most recent ones); null when none is found.
   */
  scoreUpdateDigest(subject: SuiAddress, epoch: bigint): TE.TaskEither<SuiChainFailure, string | null>;
  /** Signs and executes update_score (and the capability mint) with the oracle key. */
  writeScore(update: ScoreUpdate): TE.TaskEither<SuiChainFailure, WriteReceipt>;
}

export const SuiChain = Symbol.for("SuiChain");
