import { pipe } from "fp-ts/function";
import * as A from "fp-ts/Array";
import * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { BuyerFunding } from "../../../domain/scoring";
import type { DeployerFunding } from "../../../domain/scoring/profiles/token-profile";
import { firstFunding, fundedBy } from "../../../domain/scoring/wallet/funding";
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

/**
 * Whom the deployer first funded, who first funded the deployer, and whom that funder first funded: insiders'
 * money trail ("funded by the deployer or its funder"). Two explorer reads; a funder labelled as an exchange,
 * faucet or bridge is not followed (it funds strangers too).
 */
export function readDeployerFunding(
  explorer: ExplorerHistory,
  deployer: Address,
  historyLimit: number,
  labels: Readonly<Record<Address, unknown>>,
): TE.TaskEither<UpstreamFailure, DeployerFunding> {
  return pipe(
    explorer.transactionsOf(deployer, { limit: historyLimit }),
    TE.chain((own) => {
      const first = firstFunding(own.items, deployer);
      const funder = first === null || first.from in labels ? null : first.from;
      const byDeployer = fundedBy(deployer, own.items);
      const read =
        funder === null
          ? TE.right(new Set<Address>())
          : pipe(
              explorer.transactionsOf(funder, { limit: historyLimit }),
              TE.map((page) => fundedBy(funder, page.items)),
            );
      return pipe(
        read,
        TE.map((byFunder) => {
          const funded = new Map<Address, "deployer" | "deployer's funder">();
          for (const a of byFunder) if (a !== deployer) funded.set(a, "deployer's funder");
          for (const a of byDeployer) funded.set(a, "deployer");
          return { funder, funded };
        }),
      );
    }),
  );
}
