import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import * as E from "fp-ts/Either";

/**
 * The ES256 key that signs risk-check results: RISK_CHECK_PRIVATE_JWK (a P-256 private JWK, JSON),
 * or, when unset, a fresh key per process (results stay verifiable against the published JWK set,
 * but a restart changes the `kid`: set the variable where results must outlive the process).
 */
export function resolveRiskCheckKey(privateJwk: string | undefined): E.Either<string, KeyObject> {
  const configured = privateJwk?.trim();
  if (configured === undefined || configured === "") {
    return E.right(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
  }
  try {
    const key = createPrivateKey({ key: JSON.parse(configured) as import("node:crypto").JsonWebKey, format: "jwk" });
    if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
      return E.left("RISK_CHECK_PRIVATE_JWK must be an EC P-256 private key (ES256)");
    }
    return E.right(key);
  } catch {
    return E.left("RISK_CHECK_PRIVATE_JWK must be a JSON Web Key of an EC P-256 private key");
  }
}
