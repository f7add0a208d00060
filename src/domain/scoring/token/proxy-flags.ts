import { type Flag, distinctSample, raiseFlag } from "../flag";
import type { ProxyFacts } from "../profiles/capabilities";

const STANDARD_NAMES: Readonly<Record<ProxyFacts["standard"], string>> = {
  eip1967: "EIP-1967",
  eip1822: "EIP-1822 (UUPS)",
  beacon: "EIP-1967 beacon",
};

function isoTime(seconds: number | null): string {
  return seconds === null ? "unknown: block not read" : new Date(seconds * 1000).toISOString();
}

/** Who can upgrade, as a sentence: "admin 0x… (contract), owned by 0x… (eoa)". */
function authority(proxy: ProxyFacts): string {
  if (proxy.admin === null)
    return "no admin slot: upgrades are authorised by the implementation's own code (UUPS), by its owner()";
  const owner =
    proxy.adminOwner === null ? "" : `, owned by ${proxy.adminOwner} (${proxy.adminOwnerKind ?? "unclassified"})`;
  return `${proxy.standard === "beacon" ? "beacon" : "admin"} ${proxy.admin} (${proxy.adminKind ?? "unclassified"})${owner}`;
}

/**
 * UPGRADEABLE_PROXY from the proxy's storage (the bytecode scan only sees the proxy's own code; a beacon proxy
 * may not even push the slot): the standard, the implementation whose code was analysed, and who can upgrade.
 */
export function upgradeableProxyFlag(proxy: ProxyFacts): Flag {
  return raiseFlag("UPGRADEABLE_PROXY", {
    detail: `${STANDARD_NAMES[proxy.standard]} proxy: implementation ${proxy.implementation} (its code analysed instead of the proxy's); ${authority(proxy)}.`,
    counterparties: distinctSample(
      [proxy.implementation, proxy.admin, proxy.adminOwner].filter((a): a is NonNullable<typeof a> => a !== null),
    ),
    figures: {
      standard: proxy.standard,
      slot: proxy.slot,
      implementation: proxy.implementation,
      admin: proxy.admin ?? "none: UUPS",
      adminKind: proxy.adminKind ?? "none",
      adminOwner: proxy.adminOwner ?? "none",
      adminOwnerKind: proxy.adminOwnerKind ?? "none",
    },
  });
}

/** IMPLEMENTATION_CHANGED: Upgraded(address) after the first, with when (block and chain time) and from/to. */
export function implementationChangedFlag(proxy: ProxyFacts | null): Flag | null {
  if (proxy === null || proxy.upgrades.length < 2) return null;
  const changes = proxy.upgrades.slice(1);
  const last = changes[changes.length - 1]!;
  const before = proxy.upgrades[proxy.upgrades.length - 2]!;
  return raiseFlag("IMPLEMENTATION_CHANGED", {
    detail: `The ${STANDARD_NAMES[proxy.standard]} proxy's implementation changed ${changes.length} time(s) after deployment, last at block ${last.blockNumber} (${isoTime(last.timestamp)}) from ${before.implementation} to ${last.implementation}; ${authority(proxy)}.`,
    txHashes: changes.map((u) => u.txHash),
    blocks: changes.map((u) => u.blockNumber),
    counterparties: distinctSample(proxy.upgrades.map((u) => u.implementation)),
    figures: {
      changes: changes.length,
      from: before.implementation,
      to: last.implementation,
      firstImplementation: proxy.upgrades[0]!.implementation,
      block: last.blockNumber,
      at: isoTime(last.timestamp),
      ...(last.timestamp === null ? {} : { timestamp: last.timestamp }),
    },
  });
}
