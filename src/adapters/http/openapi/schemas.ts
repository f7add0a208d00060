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
  ClusterEvidence: {
    type: "object",
    required: ["family", "detail", "txHashes"],
    properties: {
      family: { type: "string", enum: ["funding", "sweep", "timing", "amounts", "co_trading"] },
      detail: { type: "string" },
      txHashes: { type: "array", items: { type: "string" } },
    },
  },
  ClusterSummary: {
    type: "object",
    required: ["id", "size", "confidence", "evidence"],
    properties: {
      id: { type: "string" },
      size: { type: "integer" },
      confidence: { type: "number", minimum: 0, maximum: 1 },
      evidence: { type: "array", items: { $ref: "#/components/schemas/ClusterEvidence" } },
    },
  },
  SybilCluster: {
    allOf: [
      { $ref: "#/components/schemas/ClusterSummary" },
      {
        type: "object",
        properties: {
          members: { type: "array", items: { $ref: "#/components/schemas/Address" } },
          asOfBlock: { type: "integer" },
          computedAt: { type: "string", format: "date-time" },
        },
      },
    ],
  },
  GraphTrustAnswer: {
    type: "object",
    required: ["results", "asOfBlock", "computedAt"],
    properties: {
      results: {
        type: "array",
        items: {
          type: "object",
          required: ["address", "graphTrust", "percentile", "cluster", "topTrustedNeighbours"],
          properties: {
            address: { $ref: "#/components/schemas/Address" },
            graphTrust: { type: "integer", minimum: 0, maximum: 100 },
            percentile: { type: "number", minimum: 0, maximum: 100 },
            cluster: { oneOf: [{ $ref: "#/components/schemas/ClusterSummary" }, { type: "null" }] },
            topTrustedNeighbours: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  address: { $ref: "#/components/schemas/Address" },
                  graphTrust: { type: "integer" },
                  percentile: { type: "number" },
                },
              },
            },
          },
        },
      },
      asOfBlock: { type: "integer" },
      computedAt: { type: "string", format: "date-time" },
    },
  },
};
