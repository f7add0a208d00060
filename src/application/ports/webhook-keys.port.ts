/** The service's webhook key material: `whsec_` secrets per channel and the ed25519 public keys. */
export interface WebhookKeys {
  /** The HMAC secret of a webhook channel at a version (derived, never stored). */
  secretFor(subscriptionId: string, channelId: string, version: number): string;
  /** JWK set published at /.well-known/credence-webhooks.json. */
  publicKeys(): readonly { readonly kty: "OKP"; readonly crv: "Ed25519"; readonly x: string; readonly kid: string }[];
}

export const WebhookKeys = Symbol.for("WebhookKeys");
