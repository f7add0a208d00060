import { createHash, createPublicKey, type KeyObject } from "node:crypto";
import * as TE from "fp-ts/TaskEither";
import { CompactSign } from "jose";
import { signingFailure, type SigningFailure } from "../../application/ports/attestation-signer.port";
import type { PublicJwk, RiskCheckSigner } from "../../application/ports/risk-check-signer.port";

/** The JWS `typ` of a risk-check result (the extension's example header uses it). */
const JWS_TYPE = "risk-check+jwt";

/** Signs risk-check results with jose (ES256 over P-256). */
export class JoseRiskCheckSigner implements RiskCheckSigner {
  private readonly publicJwk: PublicJwk;
  private readonly kid: string;

  constructor(private readonly privateKey: KeyObject) {
    const jwk = createPublicKey(privateKey).export({ format: "jwk" }) as Record<string, string>;
    const { crv, kty, x, y } = jwk as { crv: string; kty: string; x: string; y: string };
    // RFC 7638 thumbprint: SHA-256 of the required members in lexicographic order, base64url.
    this.kid = createHash("sha256").update(JSON.stringify({ crv, kty, x, y })).digest("base64url");
    this.publicJwk = { kty, crv, x, y, kid: this.kid, alg: "ES256", use: "sig" };
  }

  keyId(): string {
    return this.kid;
  }

  jwks(): { readonly keys: readonly PublicJwk[] } {
    return { keys: [this.publicJwk] };
  }

  sign(claims: Readonly<Record<string, unknown>>): TE.TaskEither<SigningFailure, string> {
    return TE.tryCatch(
      () =>
        new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
          .setProtectedHeader({ alg: "ES256", kid: this.kid, typ: JWS_TYPE })
          .sign(this.privateKey),
      (error) => signingFailure(error instanceof Error ? error.message : String(error)),
    );
  }

  hash(text: string): string {
    return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
  }
}
