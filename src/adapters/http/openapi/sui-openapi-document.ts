import { operation, ref } from "./operation";
import { paths } from "./paths";
import { schemas } from "./schemas";

const signal = {
  type: "object",
  properties: { code: { type: "string" }, points: { type: "number" }, detail: { type: "string" } },
};
const flag = {
  type: "object",
  properties: {
    code: { type: "string" },
    severity: { type: "string", enum: ["low", "medium", "high"] },
    points: { type: "number" },
    detail: { type: "string" },
  },
};

const suiSchemas: Record<string, unknown> = {
  CoinType: { type: "string", pattern: "^0x[0-9a-fA-F]{1,64}::[A-Za-z][A-Za-z0-9_]*::[A-Za-z][A-Za-z0-9_]*$" },
  SuiAddress: { type: "string", pattern: "^0x[0-9a-fA-F]{1,64}$" },
  CoinScore: {
    type: "object",
    required: [
      "coinType",
      "score",
      "tier",
      "confidence",
      "verified",
      "signals",
      "flags",
      "metadata",
      "scoredAt",
      "nextRescoreAt",
    ],
    properties: {
      coinType: ref("CoinType"),
      score: { type: "integer", minimum: 0, maximum: 100 },
      tier: ref("Tier"),
      confidence: { type: "integer", minimum: 5, maximum: 100 },
      verified: { type: "boolean" },
      signals: { type: "array", items: signal },
      flags: { type: "array", items: flag },
      metadata: {
        oneOf: [
          { type: "null" },
          {
            type: "object",
            properties: {
              name: { type: "string" },
              symbol: { type: "string" },
              description: { type: "string" },
              iconUrl: { type: ["string", "null"] },
              decimals: { type: "integer" },
              totalSupply: { type: ["string", "null"], description: "decimal string, smallest unit" },
            },
          },
        ],
      },
      scoredAt: { type: "string", format: "date-time" },
      nextRescoreAt: { type: "string", format: "date-time" },
    },
  },
  SuiWalletScore: {
    type: "object",
    properties: {
      address: ref("SuiAddress"),
      score: { type: "integer" },
      tier: ref("Tier"),
      onchainTier: { type: "integer", enum: [0, 1, 2] },
      confidence: { type: "integer" },
      botFlagged: { type: "boolean" },
      updatedEpoch: {
        type: ["string", "null"],
        description: "u64 epoch of the registry's record as a decimal string; null: the registry holds no record",
      },
      written: { type: "boolean", description: "true only when this request's transaction updated the registry" },
      reason: {
        enum: [null, "no_history", "updated_this_epoch"],
        description:
          "why nothing was written (null when written): no_history, nothing ever happened to the address (the " +
          "answer is read-only: the registry's record if it has one, else the score as computed); " +
          "updated_this_epoch, the registry already holds this epoch's score",
      },
      digest: { type: ["string", "null"], description: "this write's transaction, or this epoch's earlier one" },
      capability: {
        oneOf: [
          { type: "null" },
          {
            type: "object",
            properties: {
              kind: { type: "string", enum: ["standard", "elite"] },
              objectId: ref("SuiAddress"),
              expiresEpoch: { type: "string" },
            },
          },
        ],
      },
    },
  },
};

const suiPaths: Record<string, Record<string, unknown>> = {
  "/openapi.json": {
    get: operation({
      summary: "This document",
      tag: "service",
      ok: { 200: { description: "OpenAPI 3.1", schema: ref("JsonObject") } },
      errors: [],
    }),
  },
  "/docs": paths["/docs"]!,
  "/docs/assets/swagger-ui-bundle.js": paths["/docs/assets/swagger-ui-bundle.js"]!,
  "/docs/assets/swagger-ui.css": paths["/docs/assets/swagger-ui.css"]!,
  "/docs/assets/docs-init.js": paths["/docs/assets/docs-init.js"]!,
  "/api/coin": {
    get: operation({
      summary: "Score a Sui coin type (open CORS; cacheable until nextRescoreAt)",
      tag: "sui",
      query: [{ name: "type", description: "coin type 0x<hex>::<module>::<Name>", schema: ref("CoinType") }],
      ok: { 200: { description: "coin score", schema: ref("CoinScore") } },
      errors: ["invalid_coin_type", "coin_not_found", "rate_limited", "sui_unavailable"],
    }),
  },
  "/api/score-wallet": {
    post: operation({
      summary: "Score a Sui wallet, write it to the ScoreRegistry (once per epoch) and answer the registry's reading",
      description:
        "The oracle pays for every write. An address without history (no transaction, no object) is answered " +
        "read-only (`written: false`, `reason: no_history`). A write first reserves its gas budget (0.05 SUI) " +
        "from a budget per UTC day shared by every instance (SUI_WRITE_BUDGET_MIST_PER_DAY); once it is spent " +
        "the answer is `429 write_budget_exhausted` with `Retry-After` (seconds to the next UTC day) and nothing is " +
        "sent; `503 storage_unavailable` when the shared budget (Redis) does not answer.",
      tag: "sui",
      body: { type: "object", required: ["address"], properties: { address: ref("SuiAddress") } },
      ok: {
        200: {
          description: "the registry's reading after the write, or a read-only answer (see reason)",
          schema: ref("SuiWalletScore"),
        },
      },
      errors: [
        "invalid_json",
        "invalid_address",
        "rate_limited",
        "write_budget_exhausted",
        "sui_unavailable",
        "storage_unavailable",
      ],
    }),
  },
  "/widget.js": {
    get: operation({
      summary: "The coin badge script (no dependencies)",
      tag: "widget",
      ok: { 200: { description: "JavaScript" } },
      errors: [],
    }),
  },
  "/widget-demo.html": {
    get: operation({
      summary: "A page showing the badge on the seeded coins",
      tag: "widget",
      ok: { 200: { description: "HTML" } },
      errors: [],
    }),
  },
};

/** Embedded default only: the seeded Sui roles. */
const devPaths: Record<string, Record<string, unknown>> = {
  "/api/dev/scenario": {
    get: operation({
      summary: "Seeded Sui world: coin types and wallets by role",
      tag: "dev",
      ok: { 200: { description: "roles", schema: ref("JsonObject") } },
      errors: [],
    }),
  },
};

/** The Sui app's own document (served at {sui}/openapi.json). */
export function suiOpenApiDocument(serverUrl: string, embedded: boolean): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Credence Sui companion",
      version: "0.1.0",
      description:
        "Sui coin scores, Sui wallet scores written to the on-chain ScoreRegistry, and the coin badge widget. " +
        "Errors are `{error: <code>}`; any request may also get `405 method_not_allowed`, `413 payload_too_large` " +
        "and `404 route_not_found`.",
    },
    servers: [{ url: serverUrl }],
    paths: embedded ? { ...suiPaths, ...devPaths } : suiPaths,
    components: { schemas: { ...schemas, ...suiSchemas } },
  };
}
