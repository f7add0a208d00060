import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import * as E from "fp-ts/Either";
import { ed25519KeyFrom } from "../../adapters/crypto/derived-webhook-keys.adapter";

export interface GuardKeys {
  /** GUARD_SECRET_KEY: seals stored channels and derives webhook `whsec_` secrets. */
  readonly secretKey: Buffer;
  /** WEBHOOK_SIGNING_KEY: signs `v1a,` (ed25519). */
  readonly signingKey: KeyObject;
  /** True when either was generated for this process (embedded default). */
  readonly generated: boolean;
}

/**
 * Both keys are required outside the embedded default; there, a missing one is generated per
 * process (webhook secrets and sealed channels then do not outlive the process: set both to keep
 * them across restarts with DATABASE_URL).
 */
export function resolveGuardKeys(
  secretHex: string | undefined,
  signing: string | undefined,
  embeddedDefault: boolean,
): E.Either<string[], GuardKeys> {
  const errors: string[] = [];
  if (!embeddedDefault && secretHex === undefined)
    errors.push("GUARD_SECRET_KEY: required with RPC_URL (it seals channels and derives webhook secrets)");
  if (!embeddedDefault && signing === undefined)
    errors.push("WEBHOOK_SIGNING_KEY: required with RPC_URL (it signs webhooks)");
  let signingKey: KeyObject | undefined;
  try {
    signingKey = signing === undefined ? undefined : ed25519KeyFrom(signing);
    if (signingKey !== undefined && signingKey.asymmetricKeyType !== "ed25519") throw new Error("not ed25519");
  } catch {
    errors.push("WEBHOOK_SIGNING_KEY: expected a 32-byte ed25519 seed in hex or a PKCS#8 PEM ed25519 key");
  }
  if (errors.length > 0) return E.left(errors);
  return E.right({
    secretKey: secretHex === undefined ? randomBytes(32) : Buffer.from(secretHex, "hex"),
    signingKey: signingKey ?? generateKeyPairSync("ed25519").privateKey,
    generated: secretHex === undefined || signing === undefined,
  });
}
