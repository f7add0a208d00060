import { ATTACK_PLATFORM_KEY, type AttackRequest } from "./attack-request";
import { violationOf } from "./response-invariants";
import { sendRequest } from "./send-request";

export interface RateLimitResult {
  readonly route: string;
  readonly sent: number;
  readonly limited: number;
  /** Why the phase failed for this route, or null. */
  readonly failure: string | null;
}

/** Limited routes at their default per-minute budgets (config.ts); the phase sends past them. */
const LIMITED: readonly {
  readonly route: string;
  readonly budget: number;
  /** Sent in turn: spellings of one route that different code paths answer must share one budget. */
  readonly requests: (address: string) => readonly AttackRequest[];
}[] = [
  {
    // The widget is answered ahead of the router for a well-formed address and by the router otherwise: mixed
    // case, percent-encoding and malformed addresses may not buy a second budget.
    route: "GET /api/widget/score/{address}",
    budget: 8,
    requests: (a) =>
      [a, a.toUpperCase().replace("0X", "0x"), `%30x${a.slice(2)}`, "0x1234"].map((spelling) => ({
        method: "GET",
        path: `/api/widget/score/${spelling}`,
        headers: {},
        target: "rate-limit",
      })),
  },
  {
    route: "POST /api/batch",
    budget: 30,
    requests: (a) => [
      {
        method: "POST",
        path: "/api/batch",
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify({ addresses: [a] })),
        target: "rate-limit",
      },
    ],
  },
  {
    route: "POST /api/graph-trust",
    budget: 30,
    requests: (a) => [
      {
        method: "POST",
        path: "/api/graph-trust",
        headers: { "content-type": "application/json", authorization: `Bearer ${ATTACK_PLATFORM_KEY}` },
        body: Buffer.from(JSON.stringify({ addresses: [a] })),
        target: "rate-limit",
      },
    ],
  },
  {
    // The explorer spends the budget only to score an address not in the cache: every request names a new one.
    route: "GET /address/{address}",
    budget: 20,
    requests: () =>
      Array.from({ length: 25 }, (_, n) => ({
        method: "GET",
        path: `/address/0x${"e".repeat(32)}${(n + 1).toString(16).padStart(8, "0")}`,
        headers: { accept: "text/html" },
        target: "rate-limit",
      })),
  },
];

/** A 429 says so: `{error:"rate_limited"}` from the API, the designed rate-limited page from the explorer. */
const saysRateLimited = (body: string): boolean =>
  body.includes('"error":"rate_limited"') || body.includes('data-state="rate_limited"');

/**
 * One client spends its budget: past it the answer must be `429 {error:"rate_limited"}` in JSON, never a 5xx, and
 * exactly the budget is answered otherwise, whichever spelling of the route was sent.
 */
export async function runRateLimitPhase(baseUrl: string, address: string): Promise<readonly RateLimitResult[]> {
  const results: RateLimitResult[] = [];
  for (const [i, limited] of LIMITED.entries()) {
    const client = `10.255.255.${i + 1}`;
    const spellings = limited.requests(address);
    const requests = Array.from({ length: limited.budget + 5 }, (_, n) => spellings[n % spellings.length]!);
    const responses = await Promise.all(requests.map((request) => sendRequest(baseUrl, request, client)));
    const tooMany = responses.filter((r) => r.status === 429);
    const broken = responses.map((r, n) => violationOf(requests[n]!, r)).find((v) => v !== null);
    const wrongBody = tooMany.find((r) => !saysRateLimited(r.body));
    const admitted = responses.length - tooMany.length;
    const failure =
      broken ??
      (tooMany.length === 0
        ? `no 429 after ${responses.length} requests from one client`
        : wrongBody
          ? `429 body ${wrongBody.body}`
          : admitted !== limited.budget
            ? `${admitted} requests answered on a budget of ${limited.budget}`
            : null);
    results.push({ route: limited.route, sent: responses.length, limited: tooMany.length, failure });
  }
  return results;
}
