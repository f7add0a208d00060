import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { ChainTime, ChainTransaction, TxHash } from "../../../domain/chain/chain-types";
import type { StakeActivity } from "../../../domain/staking/stake-activity";
import { activitiesFromReceipt } from "../../../domain/staking/stake-discovery";
import { stakeKindOfSelector } from "../../../domain/staking/staking-signatures";
import type { UpstreamFailure } from "../../failures";
import type { ChainReader } from "../../ports/chain-reader.port";

/** A transaction that may hold staking: found in history (with its tx) or through an event log. */
export interface StakeCandidate {
  readonly hash: TxHash;
  readonly blockNumber: number;
  readonly transaction?: ChainTransaction;
}

/** A successful call with a staking selector, or any call into a configured staking contract. */
export function isStakeCandidate(tx: ChainTransaction, configured: ReadonlySet<Address>): boolean {
  return tx.success && tx.to !== null && (stakeKindOfSelector(tx.selector) !== null || configured.has(tx.to));
}

export function fromHistory(txs: readonly ChainTransaction[], configured: ReadonlySet<Address>): StakeCandidate[] {
  return txs
    .filter((tx) => isStakeCandidate(tx, configured))
    .map((tx) => ({ hash: tx.hash, blockNumber: tx.blockNumber, transaction: tx }));
}

/** Newest first, one per hash (a history entry wins over a log: it carries the tx value). */
export function mergeCandidates(...lists: readonly (readonly StakeCandidate[])[]): StakeCandidate[] {
  const byHash = new Map<TxHash, StakeCandidate>();
  for (const candidate of lists.flat()) {
    const known = byHash.get(candidate.hash);
    if (known === undefined || (known.transaction === undefined && candidate.transaction !== undefined)) {
      byHash.set(candidate.hash, candidate);
    }
  }
  return [...byHash.values()].sort((a, b) => b.blockNumber - a.blockNumber);
}

export function blockTimes(
  chain: ChainReader,
  numbers: readonly number[],
): TE.TaskEither<UpstreamFailure, ReadonlyMap<number, ChainTime>> {
  const unique = [...new Set(numbers)];
  return pipe(
    TE.traverseArray((n: number) => chain.block(n))(unique),
    TE.map((blocks) => new Map(blocks.flatMap((b) => (b === null ? [] : [[b.number, b.timestamp] as const])))),
  );
}

/** Reads each candidate's receipt and turns staking events / selector calls into activities. */
export function readStakeActivities(
  chain: ChainReader,
  candidates: readonly StakeCandidate[],
  configured: ReadonlySet<Address>,
): TE.TaskEither<UpstreamFailure, StakeActivity[]> {
  return pipe(
    TE.Do,
    TE.bind("receipts", () => TE.traverseArray((c: StakeCandidate) => chain.receipt(c.hash))(candidates)),
    TE.bind("times", () =>
      blockTimes(
        chain,
        candidates.filter((c) => !c.transaction).map((c) => c.blockNumber),
      ),
    ),
    TE.map(({ receipts, times }) =>
      candidates.flatMap((candidate, i) => {
        const receipt = receipts[i];
        const timestamp = candidate.transaction?.timestamp ?? times.get(candidate.blockNumber);
        if (!receipt || timestamp === undefined) return [];
        return activitiesFromReceipt({
          receipt,
          transaction: candidate.transaction,
          timestamp,
          configuredContracts: configured,
        });
      }),
    ),
  );
}
