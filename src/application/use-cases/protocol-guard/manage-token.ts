import { createHash, timingSafeEqual } from "node:crypto";

/** Only this hash is stored; a leaked table does not hand out management access. */
export function hashManageToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Constant-time comparison of hashes: both sides are sha256 hex, so lengths always match and the
 * time taken says nothing about how much of the token was right.
 */
export function manageTokenMatches(presented: string | undefined, storedHash: string): boolean {
  if (presented === undefined || presented === "") return false;
  const given = Buffer.from(hashManageToken(presented), "utf8");
  const stored = Buffer.from(storedHash, "utf8");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
