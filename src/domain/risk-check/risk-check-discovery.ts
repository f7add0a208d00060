import { arcNetworkOf } from "../chain/arc-network";
import {
  MAX_RISK_CHECK_BATCH,
  RISK_CHECK_INVALID_REASONS,
  RISK_CHECK_TTL_SECONDS,
  RISK_TIER_MAPPING,
} from "./risk-check";

export const RISK_CHECK_PATH = "/api/risk-check";
export const RISK_CHECK_BATCH_PATH = "/api/risk-check/batch";
export const PAYEE_CHECK_PATH = "/api/risk-check/payee";
export const JWKS_PATH = "/.well-known/jwks.json";
export const RISK_CHECK_CATEGORIES = ["onchain_behavior"] as const;

/**
 * `did:web` of the provider's base URL (the JWS `iss` and the result's `provider`): the host, with a
 * port percent-encoded as did:web requires, then any path segments joined by colons.
 */
export function didWebOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.split("/").filter((segment) => segment !== "");
  return ["did:web", encodeURIComponent(url.host), ...path.map(encodeURIComponent)].join(":");
}

/**
 * GET /.well-known/risk-check.json, the extension's discovery document (every field of its example, with
 * its type: `pricing` is left out because the check is free and the field is an object when present),
 * plus Credence's own notes. `chains_supported` names the chain both ways: CAIP-2 and the x402 v1 name
 * (the spec's example uses names).
 */
export function riskCheckDiscovery(baseUrl: string, chainId: number, keyId: string) {
  const arc = arcNetworkOf(chainId);
  return {
    name: "Credence",
    version: "0.1.0",
    description:
      "Trust score of an EVM address (wallet, ERC-20 token, NFT or other contract) from its on-chain " +
      "behaviour: 0-100, 100 = safest, with the flags behind it",
    endpoint: RISK_CHECK_PATH,
    batch_endpoint: RISK_CHECK_BATCH_PATH,
    method: "POST",
    request: {
      address: "0x-prefixed 20-byte hex (the payer, payee or asset to check)",
      aud: "optional resource URL or DID (the JWS aud)",
      min_score: "optional 0-100, the 402's risk-check info.min_score: the result then says passed",
      required: "optional boolean, the 402's info.required: a failed required check carries invalidReason",
    },
    batch_request: { requests: `1-${MAX_RISK_CHECK_BATCH} request objects as above (or addresses: [...])` },
    invalid_reasons: RISK_CHECK_INVALID_REASONS,
    payee_endpoint: PAYEE_CHECK_PATH,
    pricing_note:
      "free and rate-limited: a risk check is what an agent runs before paying a counterparty, so it must not " +
      "itself need a payment; it carries the score, tier and flag codes only (the paid oracle sells the explanation)",
    signals: ["wallet", "token", "contract", "onchain_history"],
    chains_supported: [`eip155:${chainId}`, ...(arc === null ? [] : [arc.x402V1Network])],
    response_time_ms: "<3000",
    tier_mapping: RISK_TIER_MAPPING,
    provider: didWebOf(baseUrl),
    attestation: {
      jwks_url: `${baseUrl}${JWKS_PATH}`,
      algorithm: "ES256",
      kid: keyId,
      ttl: `${RISK_CHECK_TTL_SECONDS / 3600}h`,
    },
  };
}
