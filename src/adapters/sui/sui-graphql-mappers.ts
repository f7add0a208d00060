import { parseSuiAddress, type CoinType, type SuiAddress } from "../../domain/sui/sui-address";
import type { CapHolder, SuiAddressActivity, SuiCoinInfo } from "../../domain/sui/sui-facts";
import type { ActivityNode, CoinInfoData, OwnerJson } from "./sui-graphql-codecs";

/** From Sui GraphQL answers to domain facts. */

export function capHolderOf(owner: OwnerJson | undefined): CapHolder {
  const address = parseSuiAddress(owner?.address?.address);
  switch (owner?.__typename) {
    case "AddressOwner":
    case "ConsensusAddressOwner":
      return address === undefined ? { kind: "unknown" } : { kind: "address", address };
    case "ObjectOwner":
      return address === undefined ? { kind: "unknown" } : { kind: "object", objectId: address };
    case "Shared":
      return { kind: "shared" };
    case "Immutable":
      return { kind: "immutable" };
    default:
      return { kind: "unknown" };
  }
}

const timeOf = (iso: string | null | undefined): number | null => {
  const ms = iso == null ? NaN : Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** null when the node knows no metadata for the type (no coin of that type was ever published). */
export function coinInfoOf(coinType: CoinType, data: CoinInfoData): SuiCoinInfo | null {
  const m = data.coinMetadata;
  if (m === null) return null;
  const treasury = data.treasury.nodes[0];
  // supplyState is null while the treasury exists: the supply can still grow.
  const state = m.supplyState === "FIXED" ? "fixed" : m.supplyState === "BURN_ONLY" ? "burn_only" : "mintable";
  const regulated = m.regulatedState === "REGULATED" || (m.denyCap ?? null) !== null;
  return {
    coinType,
    metadata: {
      name: m.name ?? "",
      symbol: m.symbol ?? "",
      description: m.description ?? "",
      iconUrl: m.iconUrl ?? null,
      decimals: m.decimals ?? 0,
    },
    metadataCapExists: data.metadataCap.nodes.length > 0,
    supply: {
      totalSupply: m.supply == null ? null : BigInt(m.supply),
      state,
      capHolder:
        state === "mintable"
          ? treasury === undefined
            ? { kind: "unknown" }
            : capHolderOf(treasury.owner ?? null)
          : null,
    },
    regulation: regulated
      ? { denyCapHolder: capHolderOf(m.denyCap?.owner ?? null), allowGlobalPause: m.allowGlobalPause ?? null }
      : null,
    publishedAtMs: timeOf(data.package?.previousTransaction?.effects?.timestamp),
    // Sui GraphQL cannot list a coin's holders by balance: concentration is not readable here.
    holders: null,
  };
}

/** Folds pages of transactions affecting `address` (oldest first) into its activity. */
export function activityOf(
  address: SuiAddress,
  nodes: readonly ActivityNode[],
  truncated: boolean,
  latestMs: number | null,
): SuiAddressActivity {
  const peers = new Set<SuiAddress>();
  const packages = new Set<SuiAddress>();
  const stamps: number[] = [];
  let created = 0;
  for (const node of nodes) {
    const at = timeOf(node.effects?.timestamp);
    if (at !== null) stamps.push(at);
    const sender = parseSuiAddress(node.sender?.address);
    if (sender !== undefined && sender !== address) {
      peers.add(sender);
      continue;
    }
    for (const change of node.effects?.balanceChanges?.nodes ?? []) {
      const owner = parseSuiAddress(change.owner?.address);
      if (owner !== undefined && owner !== address) peers.add(owner);
    }
    created += (node.effects?.objectChanges?.nodes ?? []).filter((c) => c.idCreated === true).length;
    for (const command of node.kind?.commands?.nodes ?? []) {
      const pkg = parseSuiAddress(command.function?.module.package.address);
      if (pkg !== undefined) packages.add(pkg);
    }
  }
  stamps.sort((a, b) => a - b);
  return {
    address,
    transactionCount: nodes.length,
    truncated,
    firstAtMs: stamps[0] ?? null,
    lastAtMs: truncated ? (latestMs ?? stamps.at(-1) ?? null) : (stamps.at(-1) ?? null),
    timestampsMs: stamps,
    counterparties: [...peers],
    objectsCreated: created,
    packagesCalled: [...packages],
  };
}
