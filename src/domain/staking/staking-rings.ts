import type { Address } from "../chain/address";
import type { TxHash } from "../chain/chain-types";
import type { StakeActivity } from "./stake-activity";

/** "from stakes toward to": pays a stake credited to `to`, or stakes into a vault `to` owns. */
export interface StakeEdge {
  readonly from: Address;
  readonly to: Address;
  readonly txHash: TxHash;
  readonly contract: Address;
  readonly via: "stakeFor" | "vaultOwner";
}

export interface StakingRing {
  /** The cycle's wallets in order; the last stakes toward the first. */
  readonly members: readonly Address[];
  readonly edges: readonly StakeEdge[];
}

/** Adjacency: from -> to -> the stakes that make up that edge. */
export type StakeEdgeGraph = ReadonlyMap<Address, ReadonlyMap<Address, readonly StakeEdge[]>>;

/** Rings longer than this are not looked for: each hop costs history reads in discovery. */
export const MAX_RING_LENGTH = 5;
const MAX_RINGS = 10;
/** Simple-path search can blow up around hubs (a vault owner with thousands of stakers): cap the work. */
const MAX_STEPS = 5_000;

/** The edges a set of stakes draws; self-loops are self-staking, a different rule. */
export function stakeEdges(
  activities: readonly StakeActivity[],
  ownerOf: ReadonlyMap<Address, Address | null>,
): StakeEdge[] {
  return activities.flatMap((a): StakeEdge[] => {
    if (a.kind !== "stake") return [];
    const edges: StakeEdge[] = [];
    if (a.payer !== a.staker)
      edges.push({ from: a.payer, to: a.staker, txHash: a.txHash, contract: a.contract, via: "stakeFor" });
    const owner = ownerOf.get(a.contract) ?? null;
    if (owner !== null && owner !== a.staker) {
      edges.push({ from: a.staker, to: owner, txHash: a.txHash, contract: a.contract, via: "vaultOwner" });
    }
    return edges;
  });
}

export function edgeGraph(edges: readonly StakeEdge[]): StakeEdgeGraph {
  const graph = new Map<Address, Map<Address, StakeEdge[]>>();
  for (const edge of edges) {
    const out = graph.get(edge.from) ?? new Map<Address, StakeEdge[]>();
    graph.set(edge.from, out);
    const list = out.get(edge.to) ?? [];
    if (!list.some((e) => e.txHash === edge.txHash && e.via === edge.via)) list.push(edge);
    out.set(edge.to, list);
  }
  return graph;
}

/** Simple cycles through `wallet` of at most MAX_RING_LENGTH wallets, by depth-first search. */
export function findRingsThrough(wallet: Address, graph: StakeEdgeGraph): StakingRing[] {
  const rings: StakingRing[] = [];
  const path: Address[] = [wallet];
  let steps = 0;
  const walk = (node: Address): void => {
    for (const [next] of graph.get(node) ?? []) {
      if (rings.length >= MAX_RINGS || ++steps > MAX_STEPS) return;
      if (next === wallet && path.length >= 2) rings.push(ringOf(path, graph));
      else if (!path.includes(next) && path.length < MAX_RING_LENGTH) {
        path.push(next);
        walk(next);
        path.pop();
      }
    }
  };
  walk(wallet);
  return rings;
}

function ringOf(members: readonly Address[], graph: StakeEdgeGraph): StakingRing {
  const edges = members.flatMap((from, i) => {
    const to = members[(i + 1) % members.length] as Address;
    return graph.get(from)?.get(to) ?? [];
  });
  return { members: [...members], edges };
}
