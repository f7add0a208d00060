import { createHash, timingSafeEqual } from "node:crypto";
import type { Middleware } from "koa";
import { sendError } from "../respond";

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

export const sha256Hex = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * True when the presented key hashes to one of the configured digests. Every digest is compared,
 * each in constant time, so neither the position of a match nor a near miss shows in the timing.
 */
export function matchesPlatformKey(presented: string, digests: readonly string[]): boolean {
  const hash = Buffer.from(sha256Hex(presented), "hex");
  let matched = false;
  for (const digest of digests) {
    const expected = Buffer.from(digest, "hex");
    if (expected.length === hash.length && timingSafeEqual(expected, hash)) matched = true;
  }
  return matched;
}

/**
 * Platform-only paths: `Authorization: Bearer <key>` whose SHA-256 is in PLATFORM_API_KEYS, else
 * `401 {error:"unauthorized"}` with `WWW-Authenticate: Bearer`. No keys configured: closed to all.
 */
export function platformAuth(digests: readonly string[]): Middleware {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get("Authorization"));
    if (match === null || !matchesPlatformKey(match[1]!, digests)) {
      return sendError(ctx, {
        code: "unauthorized",
        headers: { "WWW-Authenticate": 'Bearer realm="credence-platform"' },
      });
    }
    return next();
  };
}
