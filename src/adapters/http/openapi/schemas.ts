/** Component schemas shared by the OpenAPI document. */
export const schemas: Record<string, unknown> = {
  Address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" },
  Error: {
    type: "object",
    required: ["error"],
    properties: { error: { type: "string" } },
    additionalProperties: true,
  },
  Tier: { type: "string", enum: ["BLOCKED", "LOW", "MEDIUM", "HIGH", "ELITE", "VERIFIED"] },
  Flag: {
    type: "object",
    properties: {
      code: { type: "string" },
      severity: { type: "string" },
      points: { type: "number" },
      evidence: { type: "object", additionalProperties: true },
    },
  },
  WidgetScore: {
    oneOf: [
      {
        type: "object",
        properties: { score: { type: "number" }, tier: { type: "string" }, contractType: { const: "ERC-20" } },
      },
      {
        type: "object",
        properties: { score: { type: "null" }, tier: { const: "VERIFIED" }, label: { const: "VERIFIED" } },
      },
      { type: "object", properties: { score: { type: "null" }, tier: { const: "NTT" }, label: { const: "NTT" } } },
    ],
  },
  BatchScore: {
    type: "object",
    required: ["address", "score", "tier", "confidence", "flags", "state"],
    properties: {
      address: { type: "string" },
      score: { type: ["number", "null"] },
      tier: { type: "string" },
      confidence: { type: ["number", "string"] },
      flags: { type: "array", items: { type: "string" } },
      state: { type: "string", enum: ["graduated", "mining"] },
      error: { type: "string" },
    },
  },
  PaymentChallenge: {
    type: "object",
    additionalProperties: true,
    description: "x402 v1 challenge plus readable fields",
  },
  OracleWalletResponse: { type: "object", additionalProperties: true },
  TokenScore: { type: "object", additionalProperties: true },
  NftScore: { type: "object", additionalProperties: true },
  Attestation: { type: "object", additionalProperties: true },
  StakingSignal: { type: "object", additionalProperties: true },
  LeaderboardRow: { type: "object", additionalProperties: true },
  Snapshot: { type: "object", additionalProperties: true },
  Subscription: { type: "object", additionalProperties: true },
  JsonObject: { type: "object", additionalProperties: true },
};
