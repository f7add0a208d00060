import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import { sequenceS } from "fp-ts/Apply";
import type { Address } from "../../domain/chain/address";
import type { PoolFacts } from "../../domain/scoring";
import type { UpstreamFailure } from "../failures";
import type { ChainReader } from "../ports/chain-reader.port";
import type { ExplorerHistory } from "../ports/explorer-history.port";
import type { QuoteToken, ScoringSettings } from "../ports/scoring-settings.port";
import { SELECTORS, calldata, isZero, returnAddress, returnWord } from "./abi-calls";

interface PoolPorts {
  readonly chain: ChainReader;
  readonly explorer: ExplorerHistory;
  readonly settings: ScoringSettings;
}

/** getPair(token, quote) on one factory; null when the factory has no such pair (or is not a factory). */
function pairOf(
  chain: ChainReader,
  factory: Address,
  token: Address,
  quote: Address,
): TE.TaskEither<UpstreamFailure, Address | null> {
  return pipe(
    chain.call({ to: factory, data: calldata(SELECTORS.getPair, token, quote) }),
    TE.map((outcome) => {
      const pair = returnAddress(outcome);
      return isZero(pair) ? null : pair;
    }),
  );
}

/**
 * Reserves, orientation and LP transfers of one pair, read at the head; null when the pair does
 * not answer token0()/getReserves() as a pair must (a guessed orientation or zero reserves would
 * be made-up evidence).
 */
function poolFacts(
  ports: PoolPorts,
  token: Address,
  quote: QuoteToken,
  pool: Address,
): TE.TaskEither<UpstreamFailure, PoolFacts | null> {
  return pipe(
    sequenceS(TE.ApplyPar)({
      token0: ports.chain.call({ to: pool, data: calldata(SELECTORS.token0) }),
      reserves: ports.chain.call({ to: pool, data: calldata(SELECTORS.getReserves) }),
      lpTransfers: ports.explorer.transfersOfToken(pool, { limit: ports.settings.limits.history }),
    }),
    TE.map(({ token0, reserves, lpTransfers }) => {
      const first = returnAddress(token0);
      const reserve0 = returnWord(reserves, 0);
      const reserve1 = returnWord(reserves, 1);
      if (first === null || reserve0 === null || reserve1 === null) return null;
      const tokenIsToken0 = first === token;
      return {
        pool,
        quoteToken: quote.address,
        tokenReserve: tokenIsToken0 ? reserve0 : reserve1,
        quoteReserve: tokenIsToken0 ? reserve1 : reserve0,
        quoteDecimals: quote.decimals,
        quoteUnitUsd: quote.unitUsd,
        lpTransfers,
      };
    }),
  );
}

/** Every configured factory asked for a pair of the token with every configured quote token. */
export function discoverPools(ports: PoolPorts, token: Address): TE.TaskEither<UpstreamFailure, PoolFacts[]> {
  const probes = ports.settings.dexFactories.flatMap((factory) =>
    ports.settings.quoteTokens.filter((q) => q.address !== token).map((quote) => ({ factory, quote })),
  );
  return pipe(
    probes,
    A.traverse(TE.ApplicativePar)(({ factory, quote }) =>
      pipe(
        pairOf(ports.chain, factory, token, quote.address),
        TE.map((pool) => (pool === null ? null : { pool, quote })),
      ),
    ),
    TE.chain((found) => {
      // Two factories never share a pair address, but a repeated factory in the configuration would.
      const unique = new Map<Address, QuoteToken>();
      for (const f of found) if (f !== null && !unique.has(f.pool)) unique.set(f.pool, f.quote);
      return pipe(
        [...unique],
        A.traverse(TE.ApplicativePar)(([pool, quote]) => poolFacts(ports, token, quote, pool)),
        TE.map((pools) => pools.filter((pool): pool is PoolFacts => pool !== null)),
      );
    }),
  );
}
