import type * as EasSdk from "@ethereum-attestation-service/eas-sdk";
import { EAS_SCHEMA, type EasClaims } from "../../domain/gating/eas-schema";
import { isWellFormedText } from "../../domain/text/well-formed-text";
import { easSdk } from "./eas-sdk";

let schemaEncoder: EasSdk.SchemaEncoder | undefined;
/** The schema's encoder, made at the first use (the SDK loads then, see eas-sdk.ts). */
const encoder = (): EasSdk.SchemaEncoder => (schemaEncoder ??= new (easSdk().SchemaEncoder)(EAS_SCHEMA));

/** ABI-encodes the claims as the schema's data (the SDK's SchemaEncoder). */
export function encodeEasClaims(claims: EasClaims): string {
  return encoder().encodeData([
    { name: "subject", type: "address", value: claims.subject },
    { name: "useClass", type: "string", value: claims.useClass },
    { name: "score", type: "uint8", value: claims.score },
    { name: "tier", type: "string", value: claims.tier },
    { name: "confidence", type: "uint8", value: claims.confidence },
    { name: "flagsHash", type: "bytes32", value: claims.flagsHash },
    { name: "scoringVersion", type: "string", value: claims.scoringVersion },
  ]);
}

const MAX_TEXT = 200;

/** The claims in `data`, or null when it does not decode under the schema (or carries oversized text). */
export function decodeEasClaims(data: string, issuedAt: number, expiresAt: number): EasClaims | null {
  const schema = encoder(); // outside the try: an SDK that fails to load is not data that fails to decode
  try {
    const items = schema.decodeData(data);
    const value = (name: string): unknown => items.find((item) => item.name === name)?.value.value;
    const text = (name: string): string | null => {
      const v = value(name);
      return typeof v === "string" && v.length <= MAX_TEXT && isWellFormedText(v) ? v : null;
    };
    const small = (name: string): number | null => {
      const v = value(name);
      return typeof v === "bigint" && v <= 255n ? Number(v) : null;
    };
    const [subject, useClass, tier, flagsHash, scoringVersion] = [
      text("subject"),
      text("useClass"),
      text("tier"),
      text("flagsHash"),
      text("scoringVersion"),
    ];
    const [score, confidence] = [small("score"), small("confidence")];
    if (
      subject === null ||
      useClass === null ||
      tier === null ||
      flagsHash === null ||
      scoringVersion === null ||
      score === null ||
      confidence === null
    ) {
      return null;
    }
    return { subject, useClass, score, tier, confidence, flagsHash, scoringVersion, issuedAt, expiresAt };
  } catch {
    // Not ABI data of this schema.
    return null;
  }
}
