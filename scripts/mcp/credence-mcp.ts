/**
 * `npm run mcp`: a Model Context Protocol server (stdio) exposing Credence to agents. Every tool
 * calls the HTTP API at CREDENCE_BASE_URL; score_address pays the oracle through x402 with
 * CREDENCE_PAYER_PRIVATE_KEY, never past CREDENCE_SPEND_LIMIT_ATOMIC in total (a sent payment counts
 * whatever the answer), and says what it paid or may have paid.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { PayingFetch, type PaidResponse } from "./paying-fetch";

const Env = z.object({
  CREDENCE_BASE_URL: z.string().url().default("http://127.0.0.1:3000"),
  CREDENCE_PAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "a 0x-prefixed 32-byte hex private key")
    .optional(),
  CREDENCE_SPEND_LIMIT_ATOMIC: z
    .string()
    .regex(/^[0-9]{1,30}$/, "an integer amount in atomic units")
    .default("0"),
});

const env = Env.safeParse(process.env);
if (!env.success) {
  // Name the variable, never echo its value (a private key may be in it).
  for (const issue of env.error.issues) process.stderr.write(`${issue.path.join(".")}: ${issue.message}\n`);
  process.exit(2);
}
const base = env.data.CREDENCE_BASE_URL.replace(/\/+$/, "");
const paying = new PayingFetch(
  env.data.CREDENCE_PAYER_PRIVATE_KEY as `0x${string}` | undefined,
  BigInt(env.data.CREDENCE_SPEND_LIMIT_ATOMIC),
);

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte hex address");
const text = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value, null, 2) }] });

async function postJson(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const raw = await response.text();
  try {
    return { status: response.status, body: JSON.parse(raw) as unknown };
  } catch {
    return { status: response.status, body: raw.slice(0, 2000) };
  }
}

const server = new McpServer({ name: "credence", version: "0.1.0" });

server.registerTool(
  "score_address",
  {
    description:
      "Buy Credence's trust score of a wallet or ERC-20 token (0-100, tier, flags, explanation) from the paid " +
      "oracle, paying through x402 within the configured spend limit; says what it paid",
    inputSchema: { address },
  },
  async ({ address: subject }) => {
    let answer = await paying.get(`${base}/api/oracle/${subject}`);
    const redirect = (answer.body as { redirect?: unknown } | null)?.redirect;
    // A contract is sold by the token oracle: follow the service's own redirect, but only an unpaid
    // one (a paid answer must be reported, not replaced by a second purchase).
    if (
      answer.payment === null &&
      answer.status === 400 &&
      typeof redirect === "string" &&
      redirect.startsWith("/api/oracle/token/")
    ) {
      answer = await paying.get(base + redirect);
    }
    return text({
      status: answer.status,
      paid: describePaid(answer),
      payment: answer.payment,
      spentThisSessionAtomic: paying.spent().toString(),
      answer: answer.body,
    });
  },
);

/** Says "nothing" only when nothing was signed: a paid request without a receipt may still have settled. */
function describePaid({ status, payment }: PaidResponse): string {
  if (payment === null) return "nothing";
  const amount = `${payment.amountAtomic} atomic units of ${payment.asset}`;
  if (payment.outcome === "settled") return amount;
  const answered = status === null ? "got no answer" : `was answered ${status} without a settlement receipt`;
  return `${amount} may have moved: the paid request ${answered}; counted as spent`;
}

server.registerTool(
  "check_ladder",
  {
    description:
      "Apply a ladder of score bands (or a test-network preset) to a wallet's Credence score: allowed or not",
    inputSchema: {
      wallet: address,
      ladderPreset: z.enum(["example_lending", "example_governance"]).optional(),
      ladder: z.record(z.unknown()).optional(),
      capability: z.string().max(100).optional(),
      requestedAmount: z.string().max(80).optional(),
    },
  },
  async (input) => text(await postJson("/api/gating/check", input)),
);

server.registerTool(
  "verify_attestation",
  {
    description: "Verify a Credence attestation (Credence EIP-712 or EAS offchain format): valid, reasons, revoked",
    inputSchema: {
      attestation: z.record(z.unknown()),
      expectedSubject: address,
      expectedChainId: z.number().int().positive(),
      expectedUseClass: z.enum(["financial_high", "governance", "allowlist", "display"]).optional(),
    },
  },
  async (input) => text(await postJson("/api/gating/verify", input)),
);

/** A wallet's JSON-RPC transaction, as POST /api/scan/transaction takes it (the server checks the same bounds). */
const transaction = {
  chainId: z.number().int().positive(),
  from: address,
  to: address,
  value: z.string().max(80).optional(),
  data: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/)
    .max(65_538)
    .optional(),
  gas: z.string().max(80).optional(),
};

server.registerTool(
  "risk_check",
  {
    description:
      "x402 risk-check of a payee or asset before paying it: score 0-100 (100 safest), tier, reasons, signed ES256 " +
      "JWS; with the transaction about to be signed, also the transaction scan's benign / warning / malicious and " +
      "reasons (signed as transaction_verdict)",
    inputSchema: { address, aud: z.string().max(512).optional(), transaction: z.object(transaction).optional() },
  },
  async (input) => text(await postJson("/api/risk-check", input)),
);

server.registerTool(
  "check_payee",
  {
    description:
      "Before the first payment to an x402 resource: fetch its 402 challenge and check the payee (payTo score and " +
      "flags), that the asset is the official USDC of the network (not an impostor), that network and chain id " +
      "agree, the price against the ceiling, and whether the same payTo serves many unrelated sites; signed ES256 JWS",
    inputSchema: { resource: z.string().url().max(2048) },
  },
  async (input) => text(await postJson("/api/risk-check/payee", input)),
);

server.registerTool(
  "scan_transaction",
  {
    description:
      "Before signing a transaction: simulate it on the current head and get benign / warning / malicious, the " +
      "assets it moves, the approvals it sets and who the counterparties are (scored); a revert gives its reason",
    inputSchema: transaction,
  },
  async (input) => text(await postJson("/api/scan/transaction", input)),
);

server.registerTool(
  "scan_typed_data",
  {
    description:
      "Before signing eth_signTypedData_v4: decode permits, Permit2, Seaport orders and EIP-3009 authorizations " +
      "into what is given away, to whom, until when; the beneficiary scored; benign / warning / malicious",
    inputSchema: { address, typedData: z.union([z.string().max(65_536), z.record(z.unknown())]) },
  },
  async ({ address: signer, typedData }) => text(await postJson("/api/scan/typed-data", [signer, typedData])),
);

await server.connect(new StdioServerTransport());
