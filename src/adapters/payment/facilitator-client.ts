import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { v1Requirements, v2Requirements } from "../../domain/payment/payment-challenge";
import type { AuthorizationProof } from "../../domain/payment/payment-proof";
import type { PaymentTerms } from "../../domain/payment/payment-terms";
import { describeError, redactUrl } from "../shared/http-json";

export interface FacilitatorOptions {
  /** Base URL; `/verify` and `/settle` are appended (e.g. https://x402.org/facilitator). */
  readonly url: string;
  /** Per request, default 30 s (settlement waits for a block). */
  readonly timeoutMs?: number;
  /** Extra headers, e.g. an API key the facilitator requires. */
  readonly headers?: Readonly<Record<string, string>>;
}

export const FacilitatorOptions = Symbol.for("FacilitatorOptions");

/** x402 `VerifyResponse`. */
export const VerifyResponseCodec = t.intersection([
  t.type({ isValid: t.boolean }),
  t.partial({ invalidReason: t.union([t.string, t.null]), payer: t.union([t.string, t.null]) }),
]);

/** x402 `SettleResponse`; `transaction` is "" when nothing was broadcast. */
export const SettleResponseCodec = t.intersection([
  t.type({ success: t.boolean, transaction: t.string }),
  t.partial({ errorReason: t.union([t.string, t.null]), payer: t.union([t.string, t.null]), network: t.string }),
]);

/**
 * The body x402 facilitators take on /verify and /settle: the payload as the client sent it and
 * the requirements in the same protocol version.
 */
export function facilitatorRequest(proof: AuthorizationProof, terms: PaymentTerms, resource: string) {
  return {
    x402Version: proof.x402Version,
    paymentPayload: proof.raw,
    paymentRequirements: proof.x402Version === 1 ? v1Requirements(terms, resource) : v2Requirements(terms),
  };
}

/**
 * POSTs to the facilitator and decodes the answer. A 4xx whose body still is a proper x402
 * response counts as the answer (some facilitators send 400 with isValid:false); anything else
 * throws, which the adapters report as an upstream failure.
 */
export async function postToFacilitator<A>(
  options: FacilitatorOptions,
  path: "/verify" | "/settle",
  body: unknown,
  codec: t.Decoder<unknown, A>,
): Promise<A> {
  const url = `${options.url.replace(/\/+$/, "")}${path}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    text = await response.text();
  } catch (error) {
    throw new Error(`POST ${redactUrl(url)}: ${describeError(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`POST ${redactUrl(url)}: HTTP ${response.status}, not JSON: ${text.slice(0, 120)}`);
  }
  const decoded = codec.decode(json);
  if (E.isLeft(decoded) || (response.status !== 200 && (response.status < 400 || response.status >= 500))) {
    throw new Error(`POST ${redactUrl(url)}: HTTP ${response.status}, unexpected answer: ${text.slice(0, 120)}`);
  }
  return decoded.right;
}
