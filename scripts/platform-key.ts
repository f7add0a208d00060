/**
 * Prints a new API key and its SHA-256 digest, for either credential list: PLATFORM_API_KEYS (partners: arc-score,
 * graph-trust) or OPERATOR_API_KEYS (Credence's operator: revocations, flag decisions, the feedback queue). The key
 * goes to its holder (`Authorization: Bearer <key>`); only the digest goes into the list, and into one list only.
 */
import { randomBytes } from "node:crypto";
import { sha256Hex } from "../src/adapters/http/middleware/bearer-key-auth";

const key = randomBytes(32).toString("base64url");
console.log(`key:    ${key}`);
console.log(`digest: ${sha256Hex(key)}`);
console.log(
  "Give the key to its holder; add the digest (comma-separated) to PLATFORM_API_KEYS for a platform client " +
    "or to OPERATOR_API_KEYS for the operator, never to both.",
);
