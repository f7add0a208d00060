import { createHash, timingSafeEqual } from "node:crypto";
import type { Middleware } from "koa";
import { sendError } from "../respond";

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

export const sha256Hex = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * True when the presented key hashes to one of the configured digests. Every digest is compared,
 * each in constant time, so neither the position of a match nor a near miss shows in the timing.
 */
export function matchesKeyDigest(presented: string, digests: readonly string[]): boolean {
  const hash = Buffer.from(sha256Hex(presented), "hex");
  let matched = false;
  for (const digest of digests) {
    const expected = Buffer.from(digest, "hex");
    if (expected.length === hash.length && timingSafeEqual(expected, hash)) matched = true;
  }
  return matched;
}

/**
 * `Authorization: Bearer <key>` whose SHA-256 is one of `digests`, else `401 {error:"unauthorized"}`
 * with `WWW-Authenticate: Bearer realm=<realm>`. No digests configured: closed to all.
 */
function bearerKeyAuth(digests: readonly string[], realm: string): Middleware {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get("Authorization"));
    if (match === null || !matchesKeyDigest(match[1]!, digests)) {
      return sendError(ctx, { code: "unauthorized", headers: { "WWW-Authenticate": `Bearer realm="${realm}"` } });
    }
    return next();
  };
}

/** Platform-only paths (arc-score, graph-trust): a key listed in PLATFORM_API_KEYS. */
export const platformAuth = (digests: readonly string[]): Middleware => bearerKeyAuth(digests, "credence-platform");

/**
 * Operator acts (revocations, flag decisions, the feedback queue): a key listed in OPERATOR_API_KEYS. A separate
 * list, so a partner's platform key never speaks for Credence.
 */
export const operatorAuth = (digests: readonly string[]): Middleware => bearerKeyAuth(digests, "credence-operator");
