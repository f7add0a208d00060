import { BlockList, isIP } from "node:net";
import { embeddedIpv4, ipv6Groups, mappedIpv4 } from "./embedded-ipv4";

/** Ranges no outbound alert may reach unless allowlisted: loopback, private, link-local, multicast, unspecified... */
const FORBIDDEN_V4: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const FORBIDDEN_V6: readonly [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
// Forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are judged by it: embedded-ipv4.ts.

const forbidden = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) forbidden.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of FORBIDDEN_V6) forbidden.addSubnet(net, prefix, "ipv6");

/** An address and its family; an IPv4-mapped IPv6 address, in any spelling, is the IPv4 address it maps. */
export function normaliseIp(ip: string): { readonly address: string; readonly family: "ipv4" | "ipv6" } | undefined {
  const bare = ip.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(bare) === 4) return { address: bare, family: "ipv4" };
  const groups = ipv6Groups(bare);
  if (groups === null) return undefined;
  const mapped = mappedIpv4(groups);
  return mapped === null ? { address: bare, family: "ipv6" } : { address: mapped, family: "ipv4" };
}

/** OUTBOUND_ALLOWLIST, parsed: host names, IPs and CIDRs. */
export interface OutboundAllowlist {
  readonly hosts: ReadonlySet<string>;
  readonly ips: BlockList;
  readonly empty: boolean;
}

export function parseAllowlist(entries: readonly string[]): OutboundAllowlist {
  const hosts = new Set<string>();
  const ips = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    const [net, prefix] = entry.split("/");
    const ip = net === undefined ? undefined : normaliseIp(net);
    if (ip !== undefined) {
      const bits = prefix === undefined ? (ip.family === "ipv4" ? 32 : 128) : Number(prefix);
      ips.addSubnet(ip.address, bits, ip.family);
    } else hosts.add(entry);
  }
  return { hosts, ips, empty: hosts.size === 0 && entries.every((e) => e.trim() === "") };
}

/** Whether a host name or an address is allowlisted (the address a name resolves to is checked too). */
export function isAllowlisted(allowlist: OutboundAllowlist, host: string, ip?: string): boolean {
  if (allowlist.hosts.has(host.toLowerCase().replace(/^\[|\]$/g, ""))) return true;
  const resolved = ip === undefined ? normaliseIp(host) : normaliseIp(ip);
  return resolved !== undefined && allowlist.ips.check(resolved.address, resolved.family);
}

/**
 * True when `ip` lies in a range an alert must never reach by default, or carries an IPv4 address
 * that does (6to4 of 127.0.0.1 reaches 127.0.0.1 through any 6to4 relay), or may carry one that
 * cannot be read (local-use NAT64).
 */
export function isForbiddenAddress(ip: string): boolean {
  const resolved = normaliseIp(ip);
  if (resolved === undefined) return true;
  if (forbidden.check(resolved.address, resolved.family)) return true;
  if (resolved.family === "ipv4") return false;
  const groups = ipv6Groups(resolved.address);
  if (groups === null) return true;
  const embedded = embeddedIpv4(groups);
  return embedded === "ambiguous" || embedded.some((v4) => forbidden.check(v4, "ipv4"));
}
