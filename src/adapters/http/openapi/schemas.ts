const explained = {
  recommendation: {
    type: "object",
    properties: { action: { enum: ["allow", "review", "deny"] }, reason: { type: "string" } },
  },
  confidence: { type: "number", minimum: 0, maximum: 100 },
  flags: { type: "array", items: { $ref: "#/components/schemas/Flag" } },
  summary: { type: "string" },
  publicExplain: {
    type: "object",
    properties: {
      headline: { type: "string" },
      lines: { type: "array", items: { type: "string" } },
      tone: { type: "string" },
    },
  },
  protocolExplain: {
    type: "object",
    properties: { riskCategories: { type: "array", items: { type: "object", additionalProperties: true } } },
  },
  scoreStability: { type: "object", properties: { trend: { type: "string" } }, additionalProperties: true },
  directionDrivers: {
    type: "object",
    properties: {
      up: { type: "array", items: { type: "string" } },
      down: { type: "array", items: { type: "string" } },
    },
  },
  snapshotId: { type: "string" },
  scoringVersion: { type: "string" },
  queriedAt: { type: "string", description: "ISO 8601 instant the score was computed" },
  limitations: { type: "array", items: { type: "string" } },
};

/** A paid wallet answer from the seeded dev world (the x402 bazaar declaration shows it as the example). */
const walletExample = {
  address: "0xe47de283d78d5a55c1967165f00dc7822c64be78",
  score: 86,
  tier: "ELITE",
  recommendation: { action: "allow", reason: "ELITE trust score (86/100) with confidence 100%." },
  confidence: 100,
  flags: [],
  summary: "Wallet scores 86/100 (ELITE), confidence 100%: no risk flags.",
  publicExplain: {
    headline: "Excellent on-chain record (wallet)",
    lines: ["Strong wallet age: 197.73 days.", "Strong activity spread: 50 active days."],
    tone: "positive",
  },
  protocolExplain: { riskCategories: [{ category: "exit_risk", level: "none", signals: [] }] },
  scoreStability: { trend: "insufficient_history", samples: 2 },
  directionDrivers: {
    up: ["More transactions (up to +3 points)."],
    down: ["WASH_TRADING (round-trip (wash) transfers) would cost 25 points."],
  },
  snapshotId: "snap_74bc8dfc071839a6b82829f9",
  scoringVersion: "v1.0",
  queriedAt: "2026-11-25T03:43:45.694Z",
};

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
      coverage: {
        type: ["string", "null"],
        enum: ["none", "thin", "partial", "full", null],
        description: "How much of the subject's life the answer rests on; none for a never-seen address",
      },
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
  OracleWalletResponse: {
    type: "object",
    required: ["address", "score", "tier", "confidence", "flags", "snapshotId", "scoringVersion", "queriedAt"],
    properties: {
      address: { $ref: "#/components/schemas/Address" },
      score: { type: "number", minimum: 0, maximum: 100 },
      tier: { $ref: "#/components/schemas/Tier" },
      ...explained,
    },
    additionalProperties: true,
    examples: [walletExample],
  },
  TokenScore: {
    type: "object",
    required: ["address", "contractType", "score", "tier", "confidence", "flags", "pricing"],
    properties: {
      address: { $ref: "#/components/schemas/Address" },
      contractType: { enum: ["ERC-20", "ERC-721", "ERC-1155", "contract"] },
      score: { type: ["number", "null"], minimum: 0, maximum: 100 },
      tier: { $ref: "#/components/schemas/Tier" },
      state: { enum: ["graduated", "mining"] },
      ...explained,
      pricing: { enum: ["paid", "free"] },
    },
    additionalProperties: true,
    examples: [
      {
        ...walletExample,
        address: "0x3ae533290b71c870c961a6971ebcfa89e5bf43eb",
        contractType: "ERC-20",
        score: 73,
        tier: "HIGH",
        state: "graduated",
        recommendation: { action: "allow", reason: "HIGH trust score (73/100) with confidence 100%." },
        summary: "Token scores 73/100 (HIGH), confidence 100%: no risk flags.",
        pricing: "paid",
      },
    ],
  },
  NftScore: { type: "object", additionalProperties: true },
  Attestation: { type: "object", additionalProperties: true },
  StakingSignal: { type: "object", additionalProperties: true },
  LeaderboardRow: { type: "object", additionalProperties: true },
  Snapshot: { type: "object", additionalProperties: true },
  Subscription: { type: "object", additionalProperties: true },
  /** A subscription read: the subscription, its last 20 alerts (each with its deliveries) and on-chain events. */
  SubscriptionRead: {
    type: "object",
    additionalProperties: true,
    properties: {
      alerts: { type: "array", items: { $ref: "#/components/schemas/GuardAlert" } },
      onchainEvents: { type: "array", items: { type: "object", additionalProperties: true } },
    },
  },
  GuardAlert: {
    description: "A wallet alert (no kind, or kind wallet), or a block the watcher skipped (kind block_skipped)",
    oneOf: [{ $ref: "#/components/schemas/WalletAlert" }, { $ref: "#/components/schemas/BlockSkippedAlert" }],
  },
  WalletAlert: {
    type: "object",
    required: ["id", "at", "wallet", "decision", "reasons", "score", "tier"],
    additionalProperties: true,
    properties: {
      kind: { type: "string", const: "wallet" },
      id: { type: "string" },
      at: { type: "string", description: "ISO 8601: wall clock for a check, chain time on chain" },
      wallet: { type: "string" },
      decision: { type: "string", enum: ["review", "block"] },
      reasons: { type: "array", items: { type: "string" } },
      score: { type: "number" },
      tier: { $ref: "#/components/schemas/Tier" },
      source: { type: "string", enum: ["check", "onchain", "score_changed"] },
      disputeId: { type: "string" },
      eventId: { type: "string" },
      txHash: { type: "string" },
      contract: { type: "string" },
      blockNumber: { type: "integer" },
    },
  },
  BlockSkippedAlert: {
    type: "object",
    description:
      "Protocol Guard could not score this block after GUARD_BLOCK_MAX_ATTEMPTS tries and skipped it; sent once to each subscription watching a contract that appears in it",
    required: ["kind", "id", "at", "source", "blockNumber", "blockHash", "attempts", "reason"],
    additionalProperties: true,
    properties: {
      kind: { type: "string", const: "block_skipped" },
      id: { type: "string" },
      at: { type: "string", description: "ISO 8601 chain time of the block" },
      source: { type: "string", const: "onchain" },
      blockNumber: { type: "integer" },
      blockHash: { type: "string" },
      attempts: { type: "integer", minimum: 1 },
      reason: { type: "string", maxLength: 200, description: "the last failure; URLs and long hex masked" },
    },
  },
  GuardAlertPayload: {
    type: "object",
    required: ["type", "timestamp", "data"],
    properties: {
      type: { type: "string", const: "protocol_guard.alert" },
      timestamp: { type: "string" },
      data: {
        type: "object",
        required: ["subscriptionId", "protocolName", "alert", "event"],
        properties: {
          subscriptionId: { type: "string" },
          protocolName: { type: "string" },
          alert: { $ref: "#/components/schemas/GuardAlert" },
          event: { oneOf: [{ type: "null" }, { type: "object", additionalProperties: true }] },
        },
      },
    },
  },
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
