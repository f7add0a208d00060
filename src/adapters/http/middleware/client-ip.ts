import { isIP } from "node:net";
import type { Context } from "koa";

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalise(ip: string): string {
  const trimmed = ip.trim();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client's IP for rate limiting. The socket address is the truth unless it belongs to a
 * configured trusted proxy; then `X-Forwarded-For` is walked from the right (the entries our
 * proxies appended) to the first address that is not a trusted proxy. A client that sends its
 * own `X-Forwarded-For` straight to us changes nothing.
 */
export function clientIp(ctx: Context, trustedProxies: ReadonlySet<string>): string {
  const socketIp = normalise(ctx.req.socket.remoteAddress ?? "unknown");
  if (!trustedProxies.has(socketIp)) return socketIp;
  const forwarded = ctx.get("X-Forwarded-For").split(",").map(normalise).filter((ip) => isIP(ip) !== 0);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i]!;
    if (!trustedProxies.has(hop)) return hop;
  }
  return socketIp;
}
