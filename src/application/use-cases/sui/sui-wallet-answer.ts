import type { WalletWriteDecision } from "../../../domain/sui/wallet-write-decision";
import type { SuiAddress } from "../../../domain/sui/sui-address";
import type { MintedCapability, RegistryRecord } from "../../../domain/sui/sui-facts";
import type { SuiWalletScore } from "../../../domain/sui/score-sui-wallet";
import { tierForScore, type Tier } from "../../../domain/scoring/tiers";
import type { SuiChainFailure } from "../../ports/sui-chain.port";

/** Why nothing was written: the wallet has no history (domain rule), or the registry already holds this epoch's score. */
export type WriteSkipReason = Extract<WalletWriteDecision, { write: false }>["reason"] | "updated_this_epoch";

export interface SuiWalletAnswer {
  readonly address: SuiAddress;
  /** The registry's reading after the write (or of the earlier write this epoch); a read-only answer's own score when the registry holds none. */
  readonly score: number;
  readonly tier: Tier;
  readonly onchainTier: number;
  readonly confidence: number;
  readonly botFlagged: boolean;
  /** null: the registry holds no record of the address. */
  readonly updatedEpoch: bigint | null;
  readonly written: boolean;
  /** null when written. */
  readonly reason: WriteSkipReason | null;
  /** This write's digest, or the earlier one of this epoch (null when nothing was written, or neither the journal nor recent events show it). */
  readonly digest: string | null;
  readonly capability: MintedCapability | null;
}

export type SuiWalletFailure =
  | { readonly _tag: "SuiWalletUpstream"; readonly cause: SuiChainFailure }
  /** The day's write budget cannot cover this write's gas budget: nothing was sent. */
  | { readonly _tag: "WriteBudgetExhausted"; readonly retryAfterSeconds: number }
  /** The shared budget's store did not answer: nothing was sent. */
  | { readonly _tag: "WriteBudgetUnavailable" };

export interface AnswerOutcome {
  readonly written: boolean;
  readonly reason: WriteSkipReason | null;
  readonly digest: string | null;
  readonly capability: MintedCapability | null;
}

/** The answer from the registry's record. */
export function answerFromRecord(address: SuiAddress, record: RegistryRecord, outcome: AnswerOutcome): SuiWalletAnswer {
  return {
    address,
    score: record.score,
    tier: tierForScore(record.score),
    onchainTier: record.tier,
    confidence: record.confidence,
    botFlagged: record.botFlagged,
    updatedEpoch: record.updatedEpoch,
    ...outcome,
  };
}

/** A read-only answer for an address the registry holds no record of: the score as computed, not written. */
export function answerFromScore(address: SuiAddress, scored: SuiWalletScore, reason: WriteSkipReason): SuiWalletAnswer {
  return {
    address,
    score: scored.score,
    tier: scored.tier,
    onchainTier: scored.onchainTier,
    confidence: scored.confidence,
    botFlagged: scored.botFlagged,
    updatedEpoch: null,
    written: false,
    reason,
    digest: null,
    capability: null,
  };
}
