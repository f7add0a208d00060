import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import type { Address } from "../../../domain/chain/address";
import type { StakeActivity } from "../../../domain/staking/stake-activity";
import {
  edgeGraph,
  findRingsThrough,
  MAX_RING_LENGTH,
  stakeEdges,
  type StakeEdge,
  type StakingRing,
} from "../../../domain/staking/staking-rings";
import type { UpstreamFailure } from "../../failures";
import type { ChainReader } from "../../ports/chain-reader.port";
import type { ExplorerHistory } from "../../ports/explorer-history.port";
import { vaultOwnersOf } from "./stake-context";
import { fromHistory, readStakeActivities } from "./stake-receipts";
import type { StakingSettings } from "./staking-settings";

export interface RingSearchPorts {
  readonly explorer: ExplorerHistory;
  readonly chain: ChainReader;
  readonly settings: StakingSettings;
}

/**
 * Follows "stakes toward" edges (stakeFor beneficiaries, owners of the vaults staked into)
 * outward from the wallet, breadth first and bounded, then looks for cycles back to it.
 * Plain async code: a bounded graph walk reads better as a loop than as a pipeline.
 */
export function searchStakingRings(
  ports: RingSearchPorts,
  wallet: Address,
  ownActivities: readonly StakeActivity[],
): TE.TaskEither<UpstreamFailure, StakingRing[]> {
  const configured = new Set(ports.settings.stakingContracts);
  return async () => {
    const edges: StakeEdge[] = [];
    const owners = new Map<Address, Address | null>();
    const edgesOf = async (
      node: Address,
      activities: readonly StakeActivity[],
    ): Promise<E.Either<UpstreamFailure, Address[]>> => {
      const stakes = activities.filter((a) => a.kind === "stake");
      const unknown = [...new Set(stakes.map((a) => a.contract))].filter((c) => !owners.has(c));
      const found = await vaultOwnersOf(ports.chain, unknown)();
      if (E.isLeft(found)) return found;
      found.right.forEach((owner, contract) => owners.set(contract, owner));
      const drawn = stakeEdges(stakes, owners);
      edges.push(...drawn);
      return E.right(drawn.filter((e) => e.from === node).map((e) => e.to));
    };
    const first = await edgesOf(wallet, ownActivities);
    if (E.isLeft(first)) return first;
    const visited = new Set<Address>([wallet]);
    let frontier = first.right;
    for (let depth = 1; depth < MAX_RING_LENGTH && frontier.length > 0; depth++) {
      const next: Address[] = [];
      for (const node of new Set(frontier)) {
        if (visited.has(node) || visited.size > ports.settings.ringSearchWallets) continue;
        visited.add(node);
        const history = await ports.explorer.transactionsOf(node, { limit: ports.settings.ringSearchHistoryLimit })();
        if (E.isLeft(history)) return history;
        const sent = history.right.items.filter((tx) => tx.from === node);
        const activities = await readStakeActivities(ports.chain, fromHistory(sent, configured), configured)();
        if (E.isLeft(activities)) return activities;
        const targets = await edgesOf(node, activities.right);
        if (E.isLeft(targets)) return targets;
        next.push(...targets.right);
      }
      frontier = next;
    }
    return E.right(findRingsThrough(wallet, edgeGraph(edges)));
  };
}
