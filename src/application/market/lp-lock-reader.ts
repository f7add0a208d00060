import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import type { Hex } from "../../domain/chain/chain-types";
import type { PoolFacts } from "../../domain/scoring";
import {
  type LpHolderContract,
  type LpLockReadings,
  lpBalances,
  releaseTimeOf,
} from "../../domain/scoring/token/lp-locks";
import type { UpstreamFailure } from "../failures";
import type { ChainReader } from "../ports/chain-reader.port";
import { returnAddress, returnWord } from "./abi-calls";

/** LP holders checked for a lock: the largest ones hold what matters; the rest are counted as skipped. */
export const MAX_LP_HOLDERS_CHECKED = 5;

/** Release-time views of common time locks (OpenZeppelin TokenTimelock's releaseTime() first). */
const RELEASE_VIEWS: readonly (readonly [string, Hex])[] = [
  ["releaseTime()", "0xb91d4001" as Hex],
  ["unlockTime()", "0x251c1aa3" as Hex],
  ["unlockDate()", "0x69ac5721" as Hex],
  ["lockedUntil()", "0xce0617ec" as Hex],
];
const BENEFICIARY = "0x38af3eed" as Hex;

/**
 * The deepest pool's largest LP holders: one eth_getCode each, and for a contract its release-time views and
 * beneficiary(). A plain wallet holding LP costs one call; a token without a pool none.
 */
export function readLpLocks(chain: ChainReader, pool: PoolFacts): TE.TaskEither<UpstreamFailure, LpLockReadings> {
  const holders = lpBalances(pool);
  const checked = holders.slice(0, MAX_LP_HOLDERS_CHECKED);
  return pipe(
    checked,
    A.traverse(TE.ApplicativePar)(({ holder }) =>
      pipe(
        chain.codeAt(holder),
        TE.chain((code) => (code === "0x" ? TE.right(null) : lockTerms(chain, holder))),
      ),
    ),
    TE.map((found) => ({
      pool: pool.pool,
      contracts: found.filter((c): c is LpHolderContract => c !== null),
      skipped: holders.length - checked.length,
    })),
  );
}

function lockTerms(
  chain: ChainReader,
  holder: LpHolderContract["holder"],
): TE.TaskEither<UpstreamFailure, LpHolderContract> {
  return pipe(
    [...RELEASE_VIEWS.map(([, selector]) => selector), BENEFICIARY],
    A.traverse(TE.ApplicativePar)((data) => chain.call({ to: holder, data })),
    TE.map((answers) => {
      const times = RELEASE_VIEWS.map((_, i) => releaseTimeOf(returnWord(answers[i]!, 0)));
      const index = times.findIndex((time) => time !== null);
      return {
        holder,
        releaseTime: times[index] ?? null,
        via: RELEASE_VIEWS[index]?.[0] ?? null,
        beneficiary: returnAddress(answers[RELEASE_VIEWS.length]!),
      };
    }),
  );
}
