import { createRequire } from "node:module";
import type * as EasSdk from "@ethereum-attestation-service/eas-sdk";

let loaded: typeof EasSdk | undefined;

/**
 * The EAS SDK, loaded at its first use. Loading it (its CommonJS build with a CommonJS copy of ethers and EAS's
 * typechain factories) took ~180 ms alone and 200-350 ms of every `npm start`, where nothing signs or reads an EAS
 * attestation before the first gating request.
 */
export function easSdk(): typeof EasSdk {
  // The SDK's ESM build imports lodash by named export, which Node refuses; its CommonJS build works.
  loaded ??= createRequire(import.meta.url)("@ethereum-attestation-service/eas-sdk") as typeof EasSdk;
  return loaded;
}
