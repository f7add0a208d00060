import { isIP } from "node:net";
import type { Context } from "koa";

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalise(ip: string): string {
  const trimmed = ip.trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client's IP. The socket address is the truth unless it belongs to a configured trusted
 * proxy; then `X-Forwarded-For` is walked from the right (the entries our proxies appended) to the
 * first address that is not a trusted proxy. The walk stops at the first entry that is not a bare
 * IP (`1.2.3.4:5678`, `unknown`, garbage): what lies left of it cannot be attributed to our
 * proxies, so the client is the nearest trustworthy hop. A client's own `X-Forwarded-For` sent
 * straight to us changes nothing.
 */
export function clientIp(ctx: Context, trustedProxies: ReadonlySet<string>): string {
  const socketIp = normalise(ctx.req.socket.remoteAddress ?? "unknown");
  if (!trustedProxies.has(socketIp)) return socketIp;
  const forwarded = ctx.get("X-Forwarded-For").split(",").map(normalise);
  let nearest = socketIp;
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i]!;
    if (isIP(hop) === 0) return nearest;
    if (!trustedProxies.has(hop)) return hop;
    nearest = hop;
  }
  return nearest;
}

/** The eight 16-bit groups of an IPv6 address, expanded (`::` filled, embedded IPv4 converted). */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase().split("%")[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -v4[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 client by its /64 (one
 * subscriber's whole prefix), so rotating through addresses of one's own /64 buys no budget.
 */
export function clientKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(":")}::/64`;
}
