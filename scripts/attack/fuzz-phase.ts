import fc from "fast-check";
import { anyAttackRequest, type AttackRequest } from "./attack-request";
import type { RouteTarget } from "./route-targets";
import type { ValidBodies } from "./valid-bodies";
import { violationOf } from "./response-invariants";
import { sendRequest } from "./send-request";

export interface Violation {
  /** Index of the request in the seeded sequence: `--seed S --only I` replays it alone. */
  readonly index: number;
  readonly reason: string;
  readonly request: AttackRequest;
  readonly status: number | null;
  readonly body: string;
}

export interface FuzzResult {
  readonly requests: number;
  readonly byClass: Readonly<Record<string, number>>;
  readonly violations: readonly Violation[];
}

export interface FuzzOptions {
  readonly seed: number;
  readonly runs: number;
  readonly only?: number;
  readonly concurrency?: number;
}

/** Each generated request is its own client (see ATTACK_PROXY): 10.x.y.z from its index. */
const clientIpOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** The seeded request sequence: the same seed and runs give the same requests, in the same order. */
export function attackSequence(
  targets: readonly RouteTarget[],
  addresses: readonly string[],
  validBodies: ValidBodies,
  seed: number,
  runs: number,
): AttackRequest[] {
  return fc.sample(anyAttackRequest(targets, addresses, validBodies), { seed, numRuns: runs });
}

export interface FuzzInputs {
  readonly targets: readonly RouteTarget[];
  readonly addresses: readonly string[];
  readonly validBodies: ValidBodies;
}

export async function runFuzzPhase(baseUrl: string, inputs: FuzzInputs, options: FuzzOptions): Promise<FuzzResult> {
  const sequence = attackSequence(inputs.targets, inputs.addresses, inputs.validBodies, options.seed, options.runs);
  const indices = options.only === undefined ? sequence.map((_, i) => i) : [options.only];
  const byClass: Record<string, number> = {};
  const violations: Violation[] = [];
  let next = 0;
  const worker = async () => {
    while (next < indices.length) {
      const index = indices[next++]!;
      const request = sequence[index];
      if (request === undefined) continue;
      const response = await sendRequest(baseUrl, request, clientIpOf(index));
      const statusClass = response.status === null ? "none" : `${Math.floor(response.status / 100)}xx`;
      byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
      const reason = violationOf(request, response);
      if (reason !== null)
        violations.push({ index, reason, request, status: response.status, body: response.body.slice(0, 300) });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  violations.sort((a, b) => a.index - b.index);
  return { requests: indices.length, byClass, violations };
}

/** A request as a reader wants it: long parts elided with their length. */
export function describeRequest(req: AttackRequest): string {
  const clip = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${clip(v, 80)}`);
  const body = req.body === undefined ? "" : `\n    body: ${clip(JSON.stringify(req.body.toString("utf8")), 240)}`;
  return `${req.method} ${clip(req.path, 200)}  [${req.target}]${headers.length > 0 ? `\n    ${headers.join("\n    ")}` : ""}${body}`;
}
