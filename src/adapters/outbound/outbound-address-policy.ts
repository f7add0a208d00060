import { BlockList, isIP } from "node:net";

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
  ["64:ff9b::", 96], // NAT64 (embeds IPv4)
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const forbidden = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) forbidden.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of FORBIDDEN_V6) forbidden.addSubnet(net, prefix, "ipv6");

/** An IPv4-mapped or -compatible IPv6 address is judged as the IPv4 address it carries. */
export function normaliseIp(ip: string): { readonly address: string; readonly family: "ipv4" | "ipv6" } | undefined {
  const bare = ip.replace(/^\[|\]$/g, "").toLowerCase();
  const version = isIP(bare);
  if (version === 4) return { address: bare, family: "ipv4" };
  if (version !== 6) return undefined;
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(bare.replace(/^::/, "0:"));
  if (dotted?.[1] !== undefined && isIP(dotted[1]) === 4) return { address: dotted[1], family: "ipv4" };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hex?.[1] !== undefined && hex[2] !== undefined) {
    const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: "ipv4" };
  }
  return { address: bare, family: "ipv6" };
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

/** True when `ip` lies in a range an alert must never reach by default. */
export function isForbiddenAddress(ip: string): boolean {
  const resolved = normaliseIp(ip);
  if (resolved === undefined) return true;
  return forbidden.check(resolved.address, resolved.family);
}
