import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { BuyerFunding } from "../../../domain/scoring";
import { firstFunding } from "../../../domain/scoring/wallet/funding";
import type { UpstreamFailure } from "../../failures";
import type { ExplorerHistory } from "../../ports/explorer-history.port";
import type { GraphSignals } from "../../ports/graph-signals.port";

/** Who first sent each buyer native value, and when: COORDINATED_BUY's shared-funder evidence. */
export function readBuyerFunding(
  explorer: ExplorerHistory,
  buyers: readonly Address[],
  historyLimit: number,
  graph: GraphSignals,
): TE.TaskEither<UpstreamFailure, ReadonlyMap<Address, BuyerFunding>> {
  return pipe(
    [...buyers],
    A.traverse(TE.ApplicativePar)((buyer) =>
      pipe(
        explorer.transactionsOf(buyer, { limit: historyLimit }),
        TE.map((page) => ({ buyer, funding: firstFunding(page.items, buyer) })),
      ),
    ),
    TE.map((rows) => {
      const funding = new Map<Address, BuyerFunding>();
      // Funding through relays counts as one source: the graph names the root behind a buyer's relays.
      const roots = graph.fundingRoots(rows.filter((r) => r.funding !== null).map((r) => r.buyer));
      for (const { buyer, funding: tx } of rows)
        if (tx !== null) funding.set(buyer, { funder: roots.get(buyer) ?? tx.from, fundedAt: tx.timestamp });
      return funding;
    }),
  );
}

/** The first `limit` items and how many were left out: every bounded fan-out states its skips. */
export function bounded<T>(items: readonly T[], limit: number): { readonly taken: T[]; readonly skipped: number } {
  const taken = items.slice(0, Math.max(0, limit));
  return { taken, skipped: items.length - taken.length };
}
