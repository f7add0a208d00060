import { createHash, createHmac, createPrivateKey, createPublicKey, sign, type KeyObject } from "node:crypto";
import type { WebhookKeys } from "../../application/ports/webhook-keys.port";

/**
 * Webhook key material from configuration. HMAC secrets are derived, never stored:
 * `whsec_` + base64(HMAC-SHA256(GUARD_SECRET_KEY, "whsec|<subscription>|<channel>|<version>")),
 * so rotating means bumping the channel's version. The ed25519 key signs `v1a,` signatures; its
 * public half is published as a JWK set.
 */
export class DerivedWebhookKeys implements WebhookKeys {
  private readonly kid: string;
  private readonly x: string;

  constructor(
    private readonly secretKey: Buffer,
    private readonly signingKey: KeyObject,
  ) {
    const jwk = createPublicKey(signingKey).export({ format: "jwk" });
    if (jwk.crv !== "Ed25519" || typeof jwk.x !== "string")
      throw new Error("WEBHOOK_SIGNING_KEY is not an ed25519 key");
    this.x = jwk.x;
    this.kid = createHash("sha256").update(jwk.x).digest("base64url").slice(0, 16);
  }

  secretFor(subscriptionId: string, channelId: string, version: number): string {
    const raw = createHmac("sha256", this.secretKey).update(`whsec|${subscriptionId}|${channelId}|${version}`).digest();
    return `whsec_${raw.toString("base64")}`;
  }

  publicKeys() {
    return [{ kty: "OKP" as const, crv: "Ed25519" as const, x: this.x, kid: this.kid }];
  }

  /** `v1a,<base64 ed25519 signature>` over Standard Webhooks' signed content `id.timestamp.payload`. */
  signV1a(webhookId: string, timestamp: number, payload: string): string {
    const signature = sign(null, Buffer.from(`${webhookId}.${timestamp}.${payload}`), this.signingKey);
    return `v1a,${signature.toString("base64")}`;
  }
}

/** WEBHOOK_SIGNING_KEY: a 32-byte ed25519 seed in hex, or a PKCS#8 PEM. */
export function ed25519KeyFrom(value: string): KeyObject {
  const hex = value.replace(/^0x/, "");
  if (/^[0-9a-fA-F]{64}$/.test(hex)) {
    // PKCS#8 prefix of an ed25519 private key, then the 32-byte seed.
    const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.from(hex, "hex")]);
    return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  }
  return createPrivateKey(value);
}
