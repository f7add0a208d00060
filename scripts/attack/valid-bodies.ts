import fc from "fast-check";
import { EDGE_STRINGS, jsonText } from "./hostile-values";

/** A JSON body a route accepts; mutations of it get past the first checks and reach the deeper decoders. */
export type ValidBodies = Readonly<Record<string, unknown>>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Bodies per operation (`METHOD /template`), from the request shapes in docs/ and from the server itself. */
/** `wallet`: an externally owned account (attest and check refuse contracts). */
export async function harvestValidBodies(
  baseUrl: string,
  addresses: readonly string[],
  wallet: string,
  chainId: number,
): Promise<ValidBodies> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(baseUrl + path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-forwarded-for": "10.253.0.1" },
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const attest = { subject: wallet, subjectType: "wallet", useClass: "allowlist", chainId, ttlSeconds: 3600 };
  const subscribe = {
    protocolName: "Lend",
    channels: [
      { type: "webhook", url: "https://hooks.example.org/x" },
      { type: "telegram", botToken: "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678", chatId: "-100123" },
      { type: "email", to: "ops@example.org" },
    ],
    rules: [
      { type: "min_score", value: 40, action: "review" },
      { type: "block_flags", flags: ["EXIT_SYNC"] },
      { type: "max_amount_below_tier", tier: "HIGH", amount: 1000 },
      { type: "score_drop", by: 10 },
      {
        type: "ladder_band_change",
        ladder: [
          { min: 0, label: "low" },
          { min: 60, label: "high" },
        ],
      },
      { type: "large_transfer", token: addresses[0] ?? wallet, amount: "1000000" },
      { type: "event_match", event: "Transfer", condition: "value > 1000 && (to == " + wallet + " || $0 != 0x1)" },
    ],
    contracts: [
      {
        address: addresses[0] ?? wallet,
        events: ["Transfer(address indexed from, address indexed to, uint256 value)"],
        functions: ["transfer(address,uint256)"],
      },
    ],
  };
  // OpenZeppelin Monitor's files as parsed JSON, shaped like its USDC example (test/fixtures/oz-monitor).
  const ozImport = {
    monitors: [
      {
        name: "Large Transfer",
        paused: false,
        networks: ["local"],
        addresses: [
          {
            address: addresses[0] ?? wallet,
            contract_spec: [
              {
                type: "event",
                name: "Transfer",
                inputs: [
                  { name: "from", type: "address", indexed: true },
                  { name: "to", type: "address", indexed: true },
                  { name: "value", type: "uint256", indexed: false },
                ],
              },
            ],
          },
        ],
        match_conditions: {
          functions: [{ signature: "transfer(address,uint256)", expression: null }],
          events: [{ signature: "Transfer(address,address,uint256)", expression: "value > 10000000000" }],
          transactions: [{ status: "Success", expression: null }],
        },
        trigger_conditions: [],
        triggers: ["hook"],
      },
    ],
    networks: [{ network_type: "EVM", slug: "local", name: "Local", chain_id: chainId }],
    triggers: [
      {
        hook: {
          name: "Hook",
          trigger_type: "webhook",
          config: { url: { type: "plain", value: "https://hooks.example.org/oz" }, method: "POST" },
        },
      },
    ],
  };
  const transaction = {
    chainId,
    from: wallet,
    to: addresses[0] ?? wallet,
    value: "0x0",
    data: `0xa9059cbb${wallet.slice(2).padStart(64, "0")}${"1".padStart(64, "0")}`,
  };
  const issued = await post("/api/gating/attest", attest);
  const subscription = await post("/api/protocol-guard/subscribe", subscribe);
  return {
    "POST /api/batch": { addresses: addresses.slice(0, 3) },
    // With the transaction it is about to sign (issue 31 item 6): mutations reach the transaction decoder.
    "POST /api/risk-check": { address: addresses[0] ?? wallet, aud: "https://shop.example.org", transaction },
    "POST /api/risk-check/batch": { addresses: addresses.slice(0, 3) },
    // The service's own paid route: loopback, so the outbound guard refuses it (400) without going out; an
    // unreachable public host would be an honest 502, which this suite (no upstream here) counts as a failure.
    "POST /api/risk-check/payee": { resource: `${baseUrl}/api/oracle/${wallet}` },
    "POST /api/registry/publish": { addresses: addresses.slice(0, 2) },
    "POST /api/gating/attest": attest,
    "POST /api/gating/verify": {
      attestation: issued.attestation ?? {},
      expectedSubject: wallet,
      expectedChainId: chainId,
      expectedUseClass: "allowlist",
    },
    "POST /api/gating/check": {
      wallet,
      ladder: {
        protocolId: "lend",
        bands: [
          { minScore: 0, maxScore: 49, capability: "none" },
          { minScore: 50, capability: "borrow", maxAmount: 1000 },
        ],
        minConfidence: 0.1,
        multiFactorAcknowledged: true,
      },
      network: "testnet",
    },
    "POST /api/protocol-guard/check": {
      wallet,
      context: "borrow",
      amount: 500,
      economicReachUsd: 1000,
      subscriptionId: subscription.id ?? "sub_x",
    },
    "POST /api/protocol-guard/subscribe": subscribe,
    "POST /api/protocol-guard/import": ozImport,
    "PATCH /api/protocol-guard/subscriptions": {
      id: subscription.id ?? "sub_x",
      token: subscription.manageToken ?? "",
      status: "paused",
      channels: [{ type: "slack", url: "https://hooks.slack.com/services/T/B/x" }],
      rules: subscribe.rules,
      contracts: subscribe.contracts,
      rotateWebhookSecret: true,
    },
    "POST /api/protocol-guard/subscriptions/{id}/alerts/{alertId}/replay": { token: subscription.manageToken ?? "" },
    "POST /api/graph-trust": { addresses: addresses.slice(0, 2) },
    "POST /api/gating/revoke": {
      id: (issued.attestation as { id?: string } | undefined)?.id ?? "att_x",
      reason: "other",
      note: "rotated",
    },
    "POST /api/operator/flag-decisions": {
      address: addresses[0] ?? wallet,
      flag: "EXIT_SYNC",
      decision: "under_review",
      note: "disputed",
    },
    "POST /api/scan/transaction": transaction,
    "POST /api/scan/typed-data": [
      wallet,
      {
        types: {
          Permit: ["owner", "spender", "value", "nonce", "deadline"].map((name) => ({ name, type: "uint256" })),
        },
        primaryType: "Permit",
        domain: { name: "Token", chainId, verifyingContract: addresses[0] ?? wallet },
        message: { owner: wallet, spender: addresses[1] ?? wallet, value: "1000", nonce: 0, deadline: "1900000000" },
      },
    ],
    "POST /api/scan/message": { address: wallet, message: "hello", origin: "https://app.example" },
    "POST /api/feedback": { address: addresses[0] ?? wallet, flag: "EXIT_SYNC", verdict: "false_positive" },
    "POST /api/disputes": {
      address: addresses[0] ?? wallet,
      flag: "EXIT_SYNC",
      reason: "the exits were a planned treasury move",
      evidence: "https://example.org/announcement",
      contact: "ops@example.org",
      signature: `0x${"1b".repeat(65)}`,
    },
    "POST /api/operator/disputes/{id}/decision": { status: "upheld", reason: "verified", action: "downgrade" },
  };
}

/** Every path (keys and indices) into a JSON value, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => pathsOf(item, [...prefix, i])));
  if (value !== null && typeof value === "object")
    return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...prefix, k])));
  return here;
}

/** JSON text of `value` with the node at `path` written as `replacement` (raw JSON text, maybe with extra keys). */
function serializeWith(
  value: Json,
  path: readonly (string | number)[],
  replacement: (original: Json) => string,
): string {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return `[${value.map((item, i) => (i === head ? serializeWith(item, rest, replacement) : JSON.stringify(item))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${k === head ? serializeWith(v, rest, replacement) : JSON.stringify(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The valid body with one node replaced, one key added (`__proto__` among them) or one string spiked. */
export function mutatedBody(valid: unknown, addresses: readonly string[]): fc.Arbitrary<string> {
  const json = valid as Json;
  const paths = pathsOf(json);
  const hostile = jsonText(addresses);
  const replace = fc
    .tuple(fc.constantFrom(...paths), hostile)
    .map(([path, text]) => serializeWith(json, path, () => text));
  const addKey = fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom("__proto__", "constructor", "prototype", "toString", "extra"),
      hostile,
    )
    .map(([path, key, text]) =>
      serializeWith(json, path, (original) => {
        const own = JSON.stringify(original);
        return own.startsWith("{") && own !== "{}" ? `{${JSON.stringify(key)}:${text},${own.slice(1)}` : own;
      }),
    );
  const spike = fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom(...EDGE_STRINGS.filter((s) => s.length < 10)))
    .map(([path, edge]) =>
      serializeWith(json, path, (original) =>
        typeof original === "string" ? JSON.stringify(original + edge) : JSON.stringify(original),
      ),
    );
  return fc.oneof(replace, addKey, spike);
}
