import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { AddressCodec } from "../chain/address";
import type { Hex, TxHash } from "../chain/chain-types";
import { decodeBase64Json } from "./base64-json";
import type { AuthorizationProof, PaymentProof } from "./payment-proof";
import type { PaymentReason } from "./payment-reason";

const MAX_UINT256 = 2n ** 256n - 1n;

/** uint256 as x402 sends it: decimal, or hex with 0x (the spec allows both); numbers tolerated. */
const Uint256 = new t.Type<bigint, string, unknown>(
  "Uint256",
  (u): u is bigint => typeof u === "bigint",
  (u, c) => {
    const text = typeof u === "number" && Number.isSafeInteger(u) && u >= 0 ? String(u) : u;
    if (typeof text !== "string" || !/^(0[xX][0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(text)) return t.failure(u, c);
    const value = BigInt(text.replace(/^0X/, "0x"));
    return value <= MAX_UINT256 ? t.success(value) : t.failure(u, c);
  },
  (a) => a.toString(),
);

const hexOfLength = (name: string, pattern: RegExp) =>
  new t.Type<Hex, string, unknown>(
    name,
    (u): u is Hex => typeof u === "string" && pattern.test(u),
    (u, c) => (typeof u === "string" && pattern.test(u) ? t.success(u.toLowerCase() as Hex) : t.failure(u, c)),
    (a) => a,
  );

const Bytes32 = hexOfLength("Bytes32", /^0x[0-9a-fA-F]{64}$/);
const Signature = hexOfLength("Signature", /^0x[0-9a-fA-F]{2,}$/);

const ExactEvmPayload = t.type({
  signature: Signature,
  authorization: t.type({
    from: AddressCodec,
    to: AddressCodec,
    value: Uint256,
    validAfter: Uint256,
    validBefore: Uint256,
    nonce: Bytes32,
  }),
});

const V1Envelope = t.type({ x402Version: t.literal(1), scheme: t.string, network: t.string, payload: ExactEvmPayload });

const V2Envelope = t.type({
  x402Version: t.literal(2),
  accepted: t.type({ scheme: t.string, network: t.string, amount: t.string, asset: t.string, payTo: t.string }),
  payload: ExactEvmPayload,
});

const TransferEnvelope = t.type({ txHash: Bytes32, nonce: Bytes32 });

type Decoded = E.Either<PaymentReason, PaymentProof>;

function authorizationFrom(raw: unknown): Decoded {
  const version = (raw as { x402Version?: unknown }).x402Version;
  if (version !== 1 && version !== 2) return E.left("invalid_x402_version");
  if (version === 1) {
    const v1 = V1Envelope.decode(raw);
    if (E.isLeft(v1)) return E.left("invalid_payload");
    const { scheme, network, payload } = v1.right;
    return E.right(proof(1, scheme, network, null, payload, raw));
  }
  const v2 = V2Envelope.decode(raw);
  if (E.isLeft(v2)) return E.left("invalid_payload");
  const { accepted, payload } = v2.right;
  return E.right(proof(2, accepted.scheme, accepted.network, accepted, payload, raw));
}

function proof(
  x402Version: 1 | 2,
  scheme: string,
  network: string,
  accepted: AuthorizationProof["accepted"],
  payload: t.TypeOf<typeof ExactEvmPayload>,
  raw: unknown,
): AuthorizationProof {
  const { authorization, signature } = payload;
  return { kind: "authorization", x402Version, scheme, network, accepted, authorization, signature, raw };
}

/** One header value's JSON to a proof, or the x402 reason it is unusable. */
export function decodePaymentProof(headerValue: string): Decoded {
  const raw = decodeBase64Json(headerValue);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return E.left("invalid_payload");
  if ("x402Version" in raw) return authorizationFrom(raw);
  const transfer = TransferEnvelope.decode(raw);
  if (E.isLeft(transfer)) return E.left("invalid_payload");
  return E.right({ kind: "transfer", txHash: transfer.right.txHash as string as TxHash, nonce: transfer.right.nonce });
}

export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Header lookup by any letter case; a repeated header counts by its first value. */
export function headerValue(headers: RequestHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    const first = typeof value === "string" ? value : value[0];
    if (first !== undefined && first.trim() !== "") return first;
  }
  return undefined;
}

export type ProofLookup =
  | { readonly _tag: "none" }
  | { readonly _tag: "invalid"; readonly reason: PaymentReason }
  /** `header`: the header value as sent (what a payment-identifier is bound to). */
  | { readonly _tag: "proof"; readonly proof: PaymentProof; readonly header: string };

/**
 * Finds the payment in a request: `PAYMENT-SIGNATURE` (x402 v2) first, else `X-Payment`
 * (an x402 v1 payload or a transfer proof, told apart by `x402Version`).
 */
export function findPaymentProof(headers: RequestHeaders): ProofLookup {
  const value = headerValue(headers, "payment-signature") ?? headerValue(headers, "x-payment");
  if (value === undefined) return { _tag: "none" };
  const decoded = decodePaymentProof(value);
  return E.isLeft(decoded)
    ? { _tag: "invalid", reason: decoded.left }
    : { _tag: "proof", proof: decoded.right, header: value };
}
