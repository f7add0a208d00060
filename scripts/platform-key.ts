/**
 * Prints a new platform API key and its SHA-256 digest. The key goes to the platform client
 * (`Authorization: Bearer <key>`); only the digest goes into PLATFORM_API_KEYS.
 */
import { randomBytes } from "node:crypto";
import { sha256Hex } from "../src/adapters/http/middleware/platform-auth";

const key = randomBytes(32).toString("base64url");
console.log(`key:    ${key}`);
console.log(`digest: ${sha256Hex(key)}`);
console.log("Give the key to the platform client; add the digest to PLATFORM_API_KEYS (comma-separated).");
