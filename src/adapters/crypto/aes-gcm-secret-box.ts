import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

import type { SecretBox } from "../shared/secret-box";

/**
 * AES-256-GCM with a key derived from GUARD_SECRET_KEY: `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * A wrong key or a changed byte fails to open (GCM authenticates), it never yields other text.
 */
export function aesGcmSecretBox(key: Buffer): SecretBox {
  const aesKey = createHash("sha256").update("credence/guard/seal/v1").update(key).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", aesKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || iv === undefined || tag === undefined || body === undefined)
        throw new Error("not sealed");
      const decipher = createDecipheriv("aes-256-gcm", aesKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
