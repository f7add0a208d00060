import fc from "fast-check";
import type { AttackRequest } from "./attack-request";
import { violationOf } from "./response-invariants";
import { sendRequest } from "./send-request";

export interface SuiWriteResult {
  readonly sent: number;
  /** Answers that reported a registry write. */
  readonly written: number;
  /** The first broken invariant, or null. */
  readonly failure: string | null;
}

/** How many never-seen addresses the phase names (each a client of its own, so no rate limit hides a write). */
export const RANDOM_SUI_ADDRESSES = 24;

/**
 * Seeded random Sui addresses, full length and short forms the server left-pads (20 bytes and up:
 * the one- and two-byte system addresses such as 0x2 are left alone).
 */
export function randomSuiAddresses(seed: number, count = RANDOM_SUI_ADDRESSES): string[] {
  const bytes = fc.oneof(
    fc.uint8Array({ minLength: 32, maxLength: 32 }),
    fc.uint8Array({ minLength: 20, maxLength: 31 }),
  );
  return fc.sample(bytes, { seed, numRuns: count }).map((b) => `0x${Buffer.from(b).toString("hex")}`);
}

/**
 * The oracle pays for every registry write (issue 28): naming addresses nothing ever happened to may
 * never cause one. Each must be answered 200 `{written: false, reason: "no_history", digest: null}`.
 */
export async function runSuiWritePhase(suiUrl: string, seed: number): Promise<SuiWriteResult> {
  const addresses = randomSuiAddresses(seed);
  let written = 0;
  let failure: string | null = null;
  for (const [i, address] of addresses.entries()) {
    const request: AttackRequest = {
      method: "POST",
      path: "/api/score-wallet",
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ address })),
      target: "sui-writes",
    };
    const response = await sendRequest(suiUrl, request, `10.254.0.${i + 1}`);
    let body: { written?: unknown; reason?: unknown; digest?: unknown } = {};
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      // judged below: a 200 that is not JSON breaks the response invariants
    }
    if (body.written === true) written += 1;
    const broken =
      violationOf(request, response) ??
      (response.status !== 200
        ? `status ${response.status}`
        : body.written !== false || body.reason !== "no_history" || body.digest !== null
          ? `answered ${response.body.slice(0, 200)}`
          : null);
    failure ??= broken === null ? null : `${address}: ${broken}`;
  }
  return { sent: addresses.length, written, failure };
}
