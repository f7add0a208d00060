import { injectable, inject } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { fundingRoot } from "../../../domain/graph-trust/funding-root";
import { GRAPH_TRUST } from "../../../domain/graph-trust/graph-trust-thresholds";
import type { FundingContext, WalletGraphInput } from "../../../domain/scoring/profiles/wallet-profile";
import type { GraphSignals } from "../../ports/graph-signals.port";
import { GraphTrustStore } from "../../ports/graph-trust-store.port";
import { TransferGraph } from "../../ports/transfer-graph.port";

/** Scoring's view of graph trust: the latest snapshot, and funding followed through the live graph. */
@injectable()
export class GraphSignalsFromGraphTrust implements GraphSignals {
  constructor(
    @inject(TransferGraph) private readonly graph: TransferGraph,
    @inject(GraphTrustStore) private readonly store: GraphTrustStore,
  ) {}

  walletInput(wallet: Address): WalletGraphInput | null {
    const snapshot = this.store.latest();
    if (snapshot === null) return null;
    const trust = snapshot.trust.get(wallet);
    return {
      graphTrust: trust?.graphTrust ?? 0,
      percentile: trust?.percentile ?? 0,
      cluster: snapshot.clusterOf.get(wallet) ?? null,
      asOfBlock: snapshot.asOfBlock,
    };
  }

  layeredFunding(wallet: Address): FundingContext["layered"] | null {
    const root = fundingRoot(this.graph.fundingChain(wallet, GRAPH_TRUST.fundingDepth + 1));
    if (root === null || root.via.length === 0) return null;
    // Everyone the root funded through chains of the same depth: walk down the relays' recipients.
    let level: { address: Address; fundedAt: number }[] = this.graph.firstFundedBy(root.root).map((r) => ({ ...r }));
    const recipients = [...level];
    for (let depth = 0; depth < root.via.length; depth++) {
      level = level.flatMap((r) => this.graph.firstFundedBy(r.address));
      recipients.push(...level);
    }
    return { root, recipients };
  }

  fundingRoots(buyers: readonly Address[]): ReadonlyMap<Address, Address> {
    const roots = new Map<Address, Address>();
    for (const buyer of buyers) {
      const root = fundingRoot(this.graph.fundingChain(buyer, GRAPH_TRUST.fundingDepth + 1));
      if (root !== null && root.via.length > 0) roots.set(buyer, root.root);
    }
    return roots;
  }

  holderClusters(holders: readonly Address[]): ReadonlyMap<Address, { id: string; size: number }> | null {
    const snapshot = this.store.latest();
    if (snapshot === null) return null;
    const out = new Map<Address, { id: string; size: number }>();
    for (const h of holders) {
      const c = snapshot.clusterOf.get(h);
      if (c !== undefined) out.set(h, { id: c.id, size: c.members.length });
    }
    return out;
  }
}
