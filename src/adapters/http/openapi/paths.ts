import { operation, ref } from "./operation";
import { disputePaths } from "./dispute-paths";
import { MAX_REVOCATION_NOTE, REVOCATION_REASONS } from "../../../domain/gating/revocation";
import { FLAG_DECISION_NOTE_MAX, FLAG_DECISIONS } from "../../../domain/review/flag-decision";

const obj = ref("JsonObject");
const html = { type: "string", contentMediaType: "text/html" };
const staticAsset = (summary: string, mediaType: string) => ({
  get: operation({
    summary,
    tag: "assets",
    ok: { 200: { description: mediaType, schema: { type: "string" }, mediaType } },
    errors: [],
  }),
});
const intQuery = (name: string, description: string) => ({ name, description, schema: { type: "integer" } });
/** A wallet's JSON-RPC transaction, as POST /api/scan/transaction and the risk check's `transaction` take it. */
const transactionBody = {
  type: "object",
  required: ["chainId", "from", "to"],
  properties: {
    chainId: { oneOf: [{ type: "integer" }, { type: "string", maxLength: 66 }] },
    from: ref("Address"),
    to: ref("Address"),
    value: { type: "string", maxLength: 80, description: "wei, 0x quantity or decimal" },
    data: { type: "string", maxLength: 65_538, pattern: "^0x([0-9a-fA-F]{2})*$" },
    gas: { type: "string", maxLength: 80 },
  },
};

/** Every path the server registers, keyed as OpenAPI wants: path -> method -> operation. */
export const paths: Record<string, Record<string, unknown>> = {
  "/healthz": {
    get: operation({
      summary: "Liveness",
      tag: "service",
      ok: { 200: { description: "process is up", schema: obj } },
      errors: [],
    }),
  },
  "/readyz": {
    get: operation({
      summary:
        "Readiness per dependency: {status: ready|degraded|not_ready, checks: {chain: {ok, endpoints: [{url, state: ok|benched, benchedUntil?, lastFailure?}] per RPC_URL entry, URL cut to scheme and host}, index: {ok, lagBlocks}, database: {ok}, redis: {ok}}}; a store not configured reports {ok: true, mode: memory}",
      tag: "service",
      ok: { 200: { description: "ready, or degraded (Redis down: limits per instance, nothing shared)", schema: obj } },
      errors: ["not_ready"],
    }),
  },
  "/openapi.json": {
    get: operation({
      summary: "This document",
      tag: "service",
      ok: { 200: { description: "OpenAPI 3.1", schema: obj } },
      errors: [],
    }),
  },
  "/docs": {
    get: operation({
      summary: "API reference: Swagger UI over /openapi.json, served from the swagger-ui-dist package (no CDN)",
      tag: "service",
      ok: { 200: { description: "HTML page", schema: html, mediaType: "text/html" } },
      errors: [],
    }),
  },
  "/docs/assets/swagger-ui-bundle.js": staticAsset("Swagger UI's script (swagger-ui-dist)", "application/javascript"),
  "/docs/assets/swagger-ui.css": staticAsset("Swagger UI's stylesheet (swagger-ui-dist)", "text/css"),
  "/docs/assets/docs-init.js": staticAsset(
    "The script that starts Swagger UI on /openapi.json",
    "application/javascript",
  ),
  "/": {
    get: operation({
      summary: "Address explorer: the search page",
      tag: "explorer",
      ok: { 200: { description: "HTML page with the search box", schema: html, mediaType: "text/html" } },
      errors: [],
    }),
  },
  "/address": {
    get: operation({
      summary: "The explorer's search form: redirects to /address/{address}",
      tag: "explorer",
      query: [{ name: "q", description: "a 0x address (surrounding spaces ignored)", schema: { type: "string" } }],
      ok: { 303: { description: "Location: /address/{address} (lowercase)" } },
      pages: { 400: "page: not an address (data-state=invalid_address)" },
      errors: [],
    }),
  },
  "/address/{address}": {
    get: operation({
      summary:
        "Address explorer page: verdict (score, tier, confidence, coverage), flags by severity with their catalogue text, limitations, score history; the full evidence where it is free, else a link to buy it (x402)",
      description:
        "Server-rendered, works without JavaScript, strict Content-Security-Policy. Built from what the free routes give " +
        "(batch, risk-check, snapshots; the token oracle's free answers). Scoring an address not in the cache spends the " +
        "client's EXPLORER_RATE_LIMIT_PER_MINUTE budget. Transaction hashes and addresses link to EXPLORER_WEB_URL when set.",
      tag: "explorer",
      pathParams: [{ name: "address", description: "0x address (a malformed one gets the invalid_address page)" }],
      ok: { 200: { description: "the address page", schema: html, mediaType: "text/html" } },
      pages: {
        400: "page: not an address (data-state=invalid_address)",
        429: "page: rate limited, with Retry-After (data-state=rate_limited)",
        503: "page: scoring unavailable (data-state=unavailable)",
      },
      errors: [],
    }),
  },
  "/explorer/explorer.css": staticAsset("The explorer's stylesheet", "text/css"),
  "/explorer/explorer.js": staticAsset(
    "The explorer's script: search loading state and the x402 paywall",
    "application/javascript",
  ),
  "/api/widget/score/{address}": {
    get: operation({
      summary: "Widget score: ERC-20 score, VERIFIED issuer, or NTT for anything else",
      tag: "widget",
      addressParam: true,
      ok: { 200: { description: "one of three shapes", schema: ref("WidgetScore") } },
      errors: ["invalid_address", "rate_limited", "detection_failed", "scoring_unavailable"],
    }),
  },
  "/api/batch": {
    post: operation({
      summary: "Score up to 40 addresses",
      tag: "batch",
      body: {
        type: "object",
        required: ["addresses"],
        properties: { addresses: { type: "array", maxItems: 40, items: ref("Address") } },
      },
      ok: {
        200: {
          description: "one BatchScore per distinct address",
          schema: { type: "array", items: ref("BatchScore") },
        },
      },
      errors: [
        "invalid_json",
        "addresses_required",
        "too_many_addresses",
        "invalid_addresses",
        "rate_limited",
        "batch_failed",
        "payload_too_large",
      ],
    }),
  },
  "/api/oracle/{address}": {
    get: operation({
      summary: "Paid wallet score (HTTP 402, x402)",
      tag: "oracle",
      addressParam: true,
      browserPaywall: true,
      ok: {
        200: {
          description: "oracle wallet response",
          schema: ref("OracleWalletResponse"),
          headers: ["X-Payment-Response", "Payment-Response"],
        },
      },
      errors: [
        "invalid_address",
        "contract_not_wallet",
        "payment_required",
        "invalid_payment",
        "sanctioned_payer",
        "rate_limited",
        "oracle_unavailable",
        "storage_unavailable",
      ],
    }),
  },
  "/api/oracle/token/{address}": {
    get: operation({
      summary: "Token score: VERIFIED issuers and NFTs free, ERC-20 paid",
      tag: "oracle",
      addressParam: true,
      browserPaywall: true,
      ok: { 200: { description: "token score", schema: ref("TokenScore") } },
      errors: [
        "invalid_address",
        "wallet_not_token",
        "payment_required",
        "invalid_payment",
        "sanctioned_payer",
        "rate_limited",
        "oracle_unavailable",
        "storage_unavailable",
      ],
    }),
  },
  "/api/token-shield/nft/{address}": {
    get: operation({
      summary:
        "Free NFT contract score (NFT collections only; anything else: 400 not_nft_contract with kind and redirect)",
      tag: "nft",
      addressParam: true,
      ok: { 200: { description: "NFT score", schema: ref("NftScore") } },
      errors: ["invalid_address", "not_nft_contract", "rate_limited", "explorer_failed"],
    }),
  },
  "/api/gating/attest": {
    post: operation({
      summary: "Issue a signed attestation of a score (chainId, when sent, must be the service's CHAIN_ID)",
      description:
        "format `credence` (default): Credence's EIP-712 struct; format `eas`: an EAS offchain attestation (v2, " +
        "EIP-712) of the schema published at GET /api/gating/schema, expirationTime from the TTL, named by its uid",
      tag: "gating",
      body: obj,
      ok: {
        201: {
          description: "{attestation, format, pricing, disclaimer, note?}; eas adds {uid, schemaUid, attester, flags}",
          schema: obj,
        },
      },
      errors: [
        "invalid_json",
        "invalid_subject",
        "invalid_subject_type",
        "invalid_use_class",
        "invalid_chain_id",
        "invalid_ttl",
        "invalid_format",
        "rate_limited",
        "attest_failed",
      ],
    }),
  },
  "/api/gating/verify": {
    post: operation({
      summary: "Verify an attestation (Credence or EAS format; a revoked one is valid:false with reason revoked)",
      tag: "gating",
      body: obj,
      ok: {
        200: {
          description: "{valid, reasons, subject, useClass, chainId, ...}; optional expectedUseClass",
          schema: obj,
        },
      },
      errors: ["invalid_json", "attestation_required", "invalid_use_class"],
    }),
  },
  "/api/gating/check": {
    post: operation({
      summary: "Evaluate a caller's ladder of score bands",
      tag: "gating",
      body: obj,
      ok: { 200: { description: "ladder evaluation", schema: obj } },
      errors: [
        "invalid_json",
        "invalid_wallet",
        "ladder_required",
        "invalid_ladder",
        "invalid_network",
        "ladder_preset_forbidden",
        "protocol_id_required",
        "rate_limited",
        "check_failed",
      ],
    }),
  },
  "/api/gating/schema": {
    get: operation({
      summary: "EIP-712 domain, types and issuer of attestations, and the EAS schema, its UID and attester",
      tag: "gating",
      ok: {
        200: {
          description:
            "{domain (complete, numeric chainId), types (struct only), domainTypes, primaryType, issuer, ...}",
          schema: obj,
        },
      },
      errors: [],
    }),
  },
  "/api/gating/revoke": {
    post: operation({
      summary:
        "Operator only (Authorization: Bearer <operator key>, OPERATOR_API_KEYS; a platform key is refused): revoke an attestation by id or EAS uid",
      tag: "gating",
      body: {
        type: "object",
        required: ["id", "reason"],
        properties: {
          id: { type: "string", pattern: "^(att_[0-9a-f]{32}|0x[0-9a-fA-F]{64})$" },
          reason: { type: "string", enum: [...REVOCATION_REASONS] },
          note: {
            type: "string",
            maxLength: MAX_REVOCATION_NOTE,
            description: "one line of plain text: no control characters, no bidi overrides (else invalid_reason)",
          },
        },
      },
      ok: {
        200: { description: "{id, revoked: true, revokedAt, reason, note} (the first revocation stands)", schema: obj },
      },
      errors: ["unauthorized", "invalid_json", "invalid_attestation_id", "invalid_reason", "storage_unavailable"],
    }),
  },
  "/api/gating/revocations": {
    get: operation({
      summary:
        "Published revocation list (JSON only): {revocations: [{id, revokedAt, reason (code), note (plain text or null)}]}, newest first (newest 1000)",
      tag: "gating",
      ok: { 200: { description: "{revocations}", schema: obj } },
      errors: ["storage_unavailable"],
    }),
  },
  "/.well-known/risk-check.json": {
    get: operation({
      summary: "x402 risk-check provider discovery (endpoint, method, pricing: free, tier mapping, JWS attestation)",
      tag: "risk-check",
      ok: { 200: { description: "discovery document", schema: obj } },
      errors: [],
    }),
  },
  "/.well-known/jwks.json": {
    get: operation({
      summary: "JWK set of the ES256 key that signs risk-check results",
      tag: "risk-check",
      ok: { 200: { description: "{keys: [{kty: EC, crv: P-256, x, y, kid, alg: ES256, use: sig}]}", schema: obj } },
      errors: [],
    }),
  },
  "/api/risk-check": {
    post: operation({
      summary: "Risk check of a payee or asset address: score 0-100 (100 safest), tier, reasons, ES256 JWS (free)",
      tag: "risk-check",
      body: {
        type: "object",
        required: ["address"],
        properties: {
          address: ref("Address"),
          aud: { type: "string", maxLength: 512, description: "resource URL or DID the result is for (JWT aud)" },
          min_score: { type: "integer", minimum: 0, maximum: 100, description: "the 402's risk-check info.min_score" },
          required: { type: "boolean", description: "the 402's risk-check info.required" },
          transaction: {
            ...transactionBody,
            description:
              "optional (Credence's extension): the transaction the caller is about to sign, with the bounds of " +
              "POST /api/scan/transaction; the answer then adds transactionScan and the JWS transaction_verdict",
          },
        },
      },
      ok: {
        200: {
          description:
            "{checked, address, score, tier (low 80-100, medium 60-79, high 30-59, critical 0-29), provider, " +
            "categories, reasons, confidence, credenceTier, subjectType, snapshotId, jws, jwks_url, checked_at, " +
            "expires_at, transactionScan? (with a transaction: POST /api/scan/transaction's answer, {verdict, reasons, " +
            "assetChanges, approvals, counterparties, exposureUsd, simulatedAtBlock, revertReason?, limitations}; its " +
            "verdict and reason codes are signed as transaction_verdict and transaction_reasons, and input_hash " +
            "commits to the transaction)}",
          schema: obj,
        },
      },
      errors: [
        "invalid_json",
        "invalid_address",
        "invalid_audience",
        "invalid_min_score",
        "invalid_required",
        "invalid_transaction",
        "invalid_chain_id",
        "payload_too_large",
        "rate_limited",
        "scoring_unavailable",
      ],
    }),
  },
  "/api/risk-check/batch": {
    post: operation({
      summary: "Risk checks of 1-100 addresses at once, each signed (free, own rate limit)",
      tag: "risk-check",
      body: {
        type: "object",
        properties: {
          requests: {
            type: "array",
            minItems: 1,
            maxItems: 100,
            items: { type: "object", required: ["address"], properties: { address: ref("Address") } },
          },
          addresses: { type: "array", minItems: 1, maxItems: 100, items: ref("Address") },
        },
      },
      ok: {
        200: {
          description:
            "{results: [risk-check result, in request order; {checked: false, address, invalidReason: risk-check-unavailable} when unscorable]}",
          schema: obj,
        },
      },
      errors: [
        "invalid_json",
        "addresses_required",
        "too_many_addresses",
        "invalid_address",
        "invalid_audience",
        "invalid_min_score",
        "invalid_required",
        "transaction_not_batched",
        "rate_limited",
        "scoring_unavailable",
      ],
    }),
  },
  "/api/risk-check/payee": {
    post: operation({
      summary:
        "The payee checked before the first payment: fetches the resource's 402 challenge and reports, per option, " +
        "official USDC or impostor, network/chain id agreement, price vs ceiling, payTo sightings and score (signed, free)",
      tag: "risk-check",
      body: {
        type: "object",
        required: ["resource"],
        properties: { resource: { type: "string", maxLength: 2048, description: "http(s) URL of a paid resource" } },
      },
      ok: {
        200: {
          description:
            "{checked, resource, site, score, tier, provider, categories, passed, flags, options: [{network, chainId, " +
            "asset, officialUsdc, isOfficialUsdc, payTo, amount, withinCeiling, domainsSeen, flags, score, tier, payee, " +
            "explorer}], jws, jwks_url, checked_at, expires_at}",
          schema: obj,
        },
      },
      errors: [
        "invalid_json",
        "invalid_resource",
        "not_a_payment_challenge",
        "payee_challenge_unavailable",
        "rate_limited",
        "scoring_unavailable",
      ],
    }),
  },
  "/api/scan/transaction": {
    post: operation({
      summary:
        "Wallet protection: simulate a transaction on the current head (free) and answer benign / warning / malicious",
      tag: "wallet-protection",
      description:
        "Body: the JSON-RPC transaction a wallet holds, {chainId, from, to, value?, data?, gas?} (calldata at most 32 KB). " +
        "Answer: {verdict, reasons: [{code, severity, detail, evidence}], assetChanges: [{asset, kind, from, to, amount, " +
        "tokenId?, usdValue}], approvals: [{token, owner, spender, amount (decimal string or all), kind, revokes, " +
        "spenderScore, spenderTier}], counterparties: [{address, role, score, tier, flags}], exposureUsd, " +
        "simulatedAtBlock, revertReason? (a reverted simulation: no effects, never a guess), limitations}. Reason codes " +
        "include APPROVAL_TO_RISKY_SPENDER, UNLIMITED_APPROVAL_TO_EOA, SET_APPROVAL_FOR_ALL, TRANSFER_TO_FLAGGED_ADDRESS, " +
        "BUYS_HONEYPOT, INTERACTS_WITH_DRAINER, RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY, NATIVE_VALUE_TO_NEW_CONTRACT, " +
        "SIMULATION_REVERTED.",
      body: transactionBody,
      ok: { 200: { description: "transaction scan", schema: obj } },
      errors: [
        "invalid_json",
        "invalid_request",
        "invalid_address",
        "invalid_chain_id",
        "payload_too_large",
        "rate_limited",
        "scan_failed",
      ],
    }),
  },
  "/api/scan/typed-data": {
    post: operation({
      summary:
        "Wallet protection: read an eth_signTypedData_v4 request (EIP-2612 / DAI permit, Permit2, Seaport, EIP-3009) (free)",
      tag: "wallet-protection",
      description:
        "Body: eth_signTypedData_v4's params [address, typedData] (typedData as JSON text or an object), or {params: [...]}. " +
        "Message depth at most 6, 32 fields per struct, 24 types, 64 array items. Answer: {verdict, reasons, primaryType, " +
        "grants: [{standard, kind (allowance|transfer), token, spender, amount, tokenId?, deadline, valueAtRiskUsd, " +
        "spenderScore, spenderTier}], counterparties, exposureUsd}.",
      body: { type: "array", minItems: 2, maxItems: 2 },
      ok: { 200: { description: "typed-data scan", schema: obj } },
      errors: [
        "invalid_json",
        "invalid_request",
        "invalid_address",
        "payload_too_large",
        "rate_limited",
        "scan_failed",
      ],
    }),
  },
  "/api/scan/message": {
    post: operation({
      summary: "Wallet protection: read a personal_sign message (blind signature, disguised transaction, SIWE) (free)",
      tag: "wallet-protection",
      description:
        "Body: {address, message (text or 0x-hex, at most 16,384 characters), origin? (the page asking)} or params " +
        "[message, address]. Answer: {verdict, reasons (BLIND_SIGNATURE, SIWE_DOMAIN_MISMATCH), messageKind, siwe?}.",
      body: {
        type: "object",
        required: ["address", "message"],
        properties: {
          address: ref("Address"),
          message: { type: "string", maxLength: 16_384 },
          origin: { type: "string", maxLength: 512 },
        },
      },
      ok: { 200: { description: "message scan", schema: obj } },
      errors: [
        "invalid_json",
        "invalid_request",
        "invalid_address",
        "payload_too_large",
        "rate_limited",
        "scan_failed",
      ],
    }),
  },
  "/api/wallet/{address}/approvals": {
    get: operation({
      summary:
        "Open ERC-20 allowances and NFT operator approvals of a wallet, confirmed on chain, scored, sorted by risk, with revoke calldata (free)",
      tag: "wallet-protection",
      addressParam: true,
      ok: {
        200: {
          description:
            "{wallet, checkedAtBlock, approvals: [{token, kind (erc20|erc721|operator), spender, amount, tokenId?, unlimited, " +
            "spenderScore, spenderTier, spenderFlags, risky, valueAtRiskUsd, grantedAtBlock, grantedAt, txHash, revoke: {to, data}}]}",
          schema: obj,
        },
      },
      errors: ["invalid_address", "rate_limited", "scan_failed"],
    }),
  },
  "/api/protocol-guard/check": {
    post: operation({
      summary: "Per-wallet check for a protocol (a subscription's rules and alerts only with its manage token)",
      tag: "protocol-guard",
      body: obj,
      ok: { 200: { description: "check result, pricing free", schema: obj } },
      errors: [
        "invalid_json",
        "invalid_wallet",
        "invalid_request",
        "unauthorized",
        "registration_not_found",
        "rate_limited",
        "scoring_unavailable",
        "storage_unavailable",
      ],
    }),
  },
  "/api/protocol-guard/subscribe": {
    post: operation({
      summary: "Register a protocol for monitoring",
      tag: "protocol-guard",
      body: obj,
      ok: { 201: { description: "subscription with manageToken (shown once)", schema: ref("Subscription") } },
      errors: ["invalid_json", "invalid_request", "rate_limited", "storage_unavailable"],
    }),
  },
  "/api/protocol-guard/import": {
    post: operation({
      summary:
        "Import OpenZeppelin Monitor files ({monitors, networks?, triggers?}, parsed JSON; at most 5 monitors, 50 networks, 20 trigger files of 50 triggers) into subscriptions, all or none; shares subscribe's rate limits",
      tag: "protocol-guard",
      body: {
        type: "object",
        required: ["monitors"],
        additionalProperties: false,
        properties: {
          monitors: { type: "array", minItems: 1, maxItems: 20, items: obj },
          networks: { type: "array", maxItems: 50, items: obj },
          triggers: { type: "array", maxItems: 20, items: obj },
        },
      },
      ok: {
        201: {
          description:
            "{created: [subscription with manageToken and webhook secrets, shown once, and monitor: 'monitors[i]'], notMapped: [{file, field, reason}]}",
          schema: {
            type: "object",
            required: ["created", "notMapped"],
            properties: {
              created: { type: "array", items: ref("Subscription") },
              notMapped: {
                type: "array",
                items: {
                  type: "object",
                  required: ["file", "field", "reason"],
                  properties: { file: { type: "string" }, field: { type: "string" }, reason: { type: "string" } },
                },
              },
            },
          },
        },
      },
      errors: ["invalid_json", "invalid_request", "payload_too_large", "rate_limited", "storage_unavailable"],
    }),
  },
  "/api/protocol-guard/subscriptions": {
    get: operation({
      summary:
        "Read one registration with its manage token (Bearer, ?token= or body); nothing is listed: without id and token 401 manage_token_required",
      tag: "protocol-guard",
      query: [
        {
          name: "id",
          description: "sub_<id> (required; a token without it is 400 invalid_request)",
          schema: { type: "string" },
        },
        { name: "token", description: "manage token", schema: { type: "string" } },
      ],
      ok: {
        200: { description: "one subscription with its last 20 alerts and events", schema: ref("SubscriptionRead") },
      },
      errors: [
        "manage_token_required",
        "invalid_request",
        "unauthorized",
        "registration_not_found",
        "storage_unavailable",
      ],
    }),
    patch: operation({
      summary: "Change only the fields sent; pause, resume, cancel (final); rotate the manage token or webhook secrets",
      tag: "protocol-guard",
      body: obj,
      ok: { 200: { description: "updated subscription (new secrets shown once)", schema: ref("Subscription") } },
      errors: [
        "invalid_json",
        "invalid_request",
        "unauthorized",
        "registration_not_found",
        "subscription_cancelled",
        "storage_unavailable",
      ],
    }),
  },
  "/api/protocol-guard/subscriptions/{id}/deliveries": {
    get: operation({
      summary: "The per-attempt delivery log of a subscription (manage token)",
      tag: "protocol-guard",
      pathParams: [{ name: "id", description: "sub_<id>" }],
      query: [{ name: "token", description: "manage token", schema: { type: "string" } }],
      ok: { 200: { description: "{subscriptionId, attempts: newest first}", schema: obj } },
      errors: ["unauthorized", "registration_not_found", "storage_unavailable"],
    }),
  },
  "/api/protocol-guard/subscriptions/{id}/alerts/{alertId}/replay": {
    post: operation({
      summary: "Deliver one alert again, with its original webhook-id (manage token)",
      tag: "protocol-guard",
      pathParams: [
        { name: "id", description: "sub_<id>" },
        { name: "alertId", description: "alert_<id>" },
      ],
      body: obj,
      ok: { 202: { description: "{alertId, requeued}", schema: obj } },
      errors: ["invalid_json", "unauthorized", "registration_not_found", "not_found", "storage_unavailable"],
    }),
  },
  "/.well-known/credence-webhooks.json": {
    get: operation({
      summary: "JWK set of the ed25519 keys that sign webhooks (`v1a,` in webhook-signature)",
      tag: "protocol-guard",
      ok: { 200: { description: "{keys: [{kty: OKP, crv: Ed25519, x, kid}]}", schema: obj } },
      errors: [],
    }),
  },
  "/api/staking/analyze/{address}": {
    get: operation({
      summary: "Staking behaviour as a commitment signal",
      tag: "staking",
      addressParam: true,
      ok: { 200: { description: "StakingSignal", schema: ref("StakingSignal") } },
      errors: ["invalid_address", "rate_limited", "staking_analysis_failed"],
    }),
  },
  "/api/staking/leaderboard": {
    get: operation({
      summary: "Stakers ranked by duration-weighted standing",
      tag: "staking",
      query: [intQuery("limit", "1..100, default 50"), intQuery("offset", ">= 0, default 0")],
      ok: { 200: { description: "ranked rows", schema: { type: "array", items: ref("LeaderboardRow") } } },
      errors: ["staking_analysis_failed"],
    }),
  },
  "/api/snapshots/{address}": {
    get: operation({
      summary: "Stored score snapshots",
      tag: "snapshots",
      addressParam: true,
      query: [
        intQuery("limit", "clamped to 1..50, default 20"),
        { name: "id", description: "snap_<id>", schema: { type: "string" } },
      ],
      ok: { 200: { description: "list newest first, or one snapshot", schema: obj } },
      errors: ["invalid_address", "not_found"],
    }),
  },
  "/api/dev/scenario": {
    get: operation({
      summary: "Embedded mode only: the seeded world's roles and contracts",
      tag: "dev",
      ok: { 200: { description: "role -> address manifest", schema: obj } },
      errors: [],
    }),
  },
  "/api/graph-trust": {
    post: operation({
      summary:
        "Platform only (Authorization: Bearer <platform key>): graph trust and sybil clusters from the transfer graph",
      description:
        "Personalized PageRank from the seeds (configured or default) over the native and ERC-20 transfer graph, and the sybil cluster (if any) of each address. `seeds` reruns PageRank from the caller's own seed set.",
      tag: "platform",
      body: {
        type: "object",
        required: ["addresses"],
        properties: {
          addresses: { type: "array", minItems: 1, maxItems: 100, items: ref("Address") },
          seeds: { type: "array", minItems: 1, maxItems: 100, items: ref("Address") },
        },
      },
      ok: { 200: { description: "results per address, asOfBlock, computedAt", schema: ref("GraphTrustAnswer") } },
      errors: [
        "unauthorized",
        "invalid_json",
        "addresses_required",
        "too_many_addresses",
        "invalid_addresses",
        "invalid_request",
        "rate_limited",
        "not_ready",
      ],
    }),
  },
  "/api/graph-trust/cluster/{id}": {
    get: operation({
      summary: "Platform only (Authorization: Bearer <platform key>): one sybil cluster with members and evidence",
      tag: "platform",
      pathParams: [
        {
          name: "id",
          description: "cluster id (sc_ + 16 hex)",
          schema: { type: "string", pattern: "^sc_[0-9a-f]{16}$" },
        },
      ],
      ok: { 200: { description: "the cluster", schema: ref("SybilCluster") } },
      errors: ["unauthorized", "cluster_not_found", "rate_limited", "not_ready"],
    }),
  },
  "/api/stats": {
    get: operation({
      summary: "Site counters",
      tag: "platform",
      ok: { 200: { description: "counters", schema: obj } },
      errors: [],
    }),
  },
  "/api/agent-status": {
    get: operation({
      summary: "Site counters for agents",
      tag: "platform",
      ok: { 200: { description: "counters", schema: obj } },
      errors: [],
    }),
  },
  "/api/feedback": {
    post: operation({
      summary:
        "Report a false positive or a false negative (address, flag?, verdict, note?, contact?): queued for the operator, it changes no answer",
      tag: "feedback",
      body: obj,
      ok: { 201: { description: "{id, status: received, receivedAt}", schema: obj } },
      errors: ["invalid_json", "invalid_request", "rate_limited", "storage_unavailable"],
    }),
    get: operation({
      summary: "Operator only (Authorization: Bearer <operator key>): the feedback queue, newest first",
      tag: "operator",
      query: [
        { name: "limit", description: "1..100, default 50", schema: { type: "integer" } },
        { name: "offset", description: "entries to skip", schema: { type: "integer" } },
        {
          name: "address",
          description: "only this address's entries (else invalid_request)",
          schema: { type: "string" },
        },
      ],
      ok: { 200: { description: "{items, limit, offset}", schema: obj } },
      errors: ["unauthorized", "invalid_request", "storage_unavailable"],
    }),
  },
  "/api/operator/flag-decisions": {
    post: operation({
      summary:
        "Operator only (Authorization: Bearer <operator key>): decide on one flag of one address; under_review marks it underReview in every answer (batch: flagsUnderReview), review_closed clears the mark",
      tag: "operator",
      body: {
        type: "object",
        required: ["address", "flag", "decision"],
        properties: {
          address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" },
          flag: { type: "string", description: "a flag code of the catalogue" },
          decision: { type: "string", enum: [...FLAG_DECISIONS] },
          note: {
            type: "string",
            maxLength: FLAG_DECISION_NOTE_MAX,
            description: "one line of plain text, not shown in answers",
          },
        },
      },
      ok: {
        200: { description: "{address, flag, decision, note, decidedAt} (the decision now standing)", schema: obj },
      },
      errors: ["unauthorized", "invalid_json", "invalid_request", "storage_unavailable"],
    }),
    get: operation({
      summary: "Operator only: the decisions standing for one address",
      tag: "operator",
      query: [{ name: "address", description: "0x address (required)", schema: { type: "string" } }],
      ok: { 200: { description: "{address, decisions: [{address, flag, decision, note, decidedAt}]}", schema: obj } },
      errors: ["unauthorized", "invalid_request", "storage_unavailable"],
    }),
  },
  "/api/arc-score/{address}": {
    get: operation({
      summary: "Platform only (Authorization: Bearer <platform key>): internal local scorer with raw breakdown",
      tag: "platform",
      addressParam: true,
      ok: { 200: { description: "score with breakdown", schema: obj } },
      errors: ["unauthorized", "invalid_address", "rate_limited", "scoring_unavailable"],
    }),
  },
  ...disputePaths,
  "/api/sanctions/{address}": {
    get: operation({
      summary:
        "Free sanctions screening: the OFAC SDN snapshot (and any extra list) in use, with source and list date, and USDC's own isBlacklisted",
      tag: "sanctions",
      addressParam: true,
      ok: {
        200: {
          description:
            "{address, sanctioned, match: {list, source, listDate} | null, usdcBlacklisted: boolean | null, usdc, flags: [SANCTIONED | USDC_BLACKLISTED], lists: [{list, source, listDate, entries}]}",
          schema: obj,
        },
      },
      errors: ["invalid_address", "rate_limited"],
    }),
  },
  "/api/registry": {
    get: operation({
      summary: "The on-chain ScoreRegistry: address, chain id and ABI (scoreOf, isAllowed, events)",
      tag: "registry",
      ok: { 200: { description: "{address, chainId, abi}", schema: obj } },
      errors: ["not_found"],
    }),
  },
  "/api/registry/publish": {
    post: operation({
      summary:
        "Platform only (Authorization: Bearer <platform key>): score up to 40 addresses and write them to the ScoreRegistry in one transaction; an address whose score version is already on chain is not written again; the gas is reserved from the day's EVM write budget (429 write_budget_exhausted past it, nothing sent)",
      tag: "registry",
      body: {
        type: "object",
        required: ["addresses"],
        properties: { addresses: { type: "array", maxItems: 40, items: ref("Address") } },
      },
      ok: {
        200: {
          description:
            "{transaction | null, blockNumber | null, gasReserved, published: [{account, score, tier, confidence, flagCodes, flagsHash}], unchanged: [...], unscored: [address]}",
          schema: obj,
        },
      },
      errors: [
        "unauthorized",
        "invalid_json",
        "addresses_required",
        "too_many_addresses",
        "invalid_addresses",
        "rate_limited",
        "not_found",
        "write_budget_exhausted",
        "storage_unavailable",
        "registry_unavailable",
        "payload_too_large",
      ],
    }),
  },
};
