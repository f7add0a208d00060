import { isIP } from "node:net";

/** The eight 16-bit groups of an IPv6 address in any spelling (`::`, dotted tail, zone); null when not IPv6. */
export function ipv6Groups(text: string): readonly number[] | null {
  if (isIP(text) !== 6) return null;
  let body = text.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(body);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    body = `${body.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").map((h) => parseInt(h, 16)));
  const [head = "", tail] = body.split("::");
  if (tail === undefined) return groupsOf(head);
  const [before, after] = [groupsOf(head), groupsOf(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const ipv4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const zero = (groups: readonly number[]) => groups.every((g) => g === 0);

/** IPv4-mapped `::ffff:0:0/96`: the very IPv4 address, as a dual-stack socket reaches it. */
export function mappedIpv4(groups: readonly number[]): string | null {
  return zero(groups.slice(0, 5)) && groups[5] === 0xffff ? ipv4(groups[6]!, groups[7]!) : null;
}

/**
 * The IPv4 addresses an IPv6 address carries, by the range that defines where they sit; "ambiguous"
 * where the range does not fix it; empty for other addresses.
 */
export function embeddedIpv4(groups: readonly number[]): readonly string[] | "ambiguous" {
  const [g0, g1, g2, g3, , , g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const last32 = ipv4(g6, g7);
  const mapped = mappedIpv4(groups);
  if (mapped !== null) return [mapped];
  // IPv4-compatible ::/96 (deprecated, still tunnelled by some stacks), :: and ::1 included.
  if (zero(groups.slice(0, 6))) return [last32];
  // IPv4-translated ::ffff:0:0:0/96 (RFC 2765).
  if (zero(groups.slice(0, 4)) && groups[4] === 0xffff && groups[5] === 0) return [last32];
  if (g0 === 0x64 && g1 === 0xff9b) {
    // The well-known NAT64 prefix is only ever /96 (RFC 6052): the IPv4 is the last 32 bits.
    if (zero(groups.slice(2, 6))) return [last32];
    // Local-use 64:ff9b:1::/48 (RFC 8215): the operator picks a prefix of /48 to /96 inside it,
    // and each length puts the IPv4 elsewhere (around the reserved bits 64-71), so none can be read.
    if (g2 === 1) return "ambiguous";
    return [];
  }
  // 6to4 2002::/16: the site's IPv4 in bits 16-47.
  if (g0 === 0x2002) return [ipv4(g1, g2)];
  // Teredo 2001::/32: the server's IPv4 in bits 32-63, the client's in the last 32 bits, inverted.
  if (g0 === 0x2001 && g1 === 0) return [ipv4(g2, g3), ipv4(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}
