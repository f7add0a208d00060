import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import type { Hex } from "../chain/chain-types";
import type { TypedData } from "./typed-data-grants";

/** Bounds of every scan input: a wallet's real requests fit well inside them. */
export const SCAN_LIMITS = {
  /** Calldata bytes (a large multicall is ~10 KB; Seaport fulfilments ~3 KB). */
  maxCalldataBytes: 32_768,
  /** Nesting of the typed-data message (Seaport's is 3). */
  maxTypedDataDepth: 6,
  /** Fields of one struct type, struct types, and items of one array. */
  maxFieldsPerType: 32,
  maxTypes: 24,
  maxArrayItems: 64,
  maxStringChars: 2_048,
  maxMessageChars: 16_384,
} as const;

export type ScanInputError = "invalid_request" | "invalid_address" | "invalid_chain_id" | "payload_too_large";

export interface TransactionScanRequest {
  readonly chainId: number;
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly data: Hex;
  readonly gas: bigint | null;
}

export interface TypedDataScanRequest {
  readonly signer: Address;
  readonly typedData: TypedData;
}

export interface MessageScanRequest {
  readonly signer: Address;
  readonly message: string;
  /** The page asking for the signature, as the wallet knows it. */
  readonly origin: string | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** JSON-RPC quantity or decimal string or safe integer, at most 256 bits. */
function quantity(value: unknown): bigint | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  if (typeof value !== "string") return null;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value) || /^\d{1,78}$/.test(value)) {
    const n = BigInt(value);
    return n < 1n << 256n ? n : null;
  }
  return null;
}

export function decodeTransactionScan(
  body: unknown,
  expectedChainId: number,
): E.Either<ScanInputError, TransactionScanRequest> {
  const b = record(body);
  if (b === null) return E.left("invalid_request");
  const chainId = quantity(b["chainId"]);
  if (chainId === null || chainId !== BigInt(expectedChainId)) return E.left("invalid_chain_id");
  const from = parseAddress(b["from"]);
  const to = parseAddress(b["to"]);
  if (from === undefined || to === undefined) return E.left("invalid_address");
  const value = b["value"] === undefined ? 0n : quantity(b["value"]);
  const gas = b["gas"] === undefined ? null : quantity(b["gas"]);
  const data = b["data"] ?? b["input"] ?? "0x";
  if (value === null || (b["gas"] !== undefined && (gas === null || gas > 60_000_000n)))
    return E.left("invalid_request");
  if (typeof data !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(data)) return E.left("invalid_request");
  if ((data.length - 2) / 2 > SCAN_LIMITS.maxCalldataBytes) return E.left("payload_too_large");
  return E.right({ chainId: expectedChainId, from, to, value, data: data.toLowerCase() as Hex, gas });
}

/** Depth, width and string length of any JSON value, checked before anything reads it. */
function withinBounds(value: unknown, depth: number): boolean {
  if (depth > SCAN_LIMITS.maxTypedDataDepth) return false;
  if (typeof value === "string") return value.length <= SCAN_LIMITS.maxStringChars;
  if (Array.isArray(value))
    return value.length <= SCAN_LIMITS.maxArrayItems && value.every((item) => withinBounds(item, depth + 1));
  const r = record(value);
  if (r === null) return value === null || typeof value === "number" || typeof value === "boolean";
  const entries = Object.entries(r);
  return entries.length <= SCAN_LIMITS.maxFieldsPerType && entries.every(([, v]) => withinBounds(v, depth + 1));
}

function typedDataOf(value: unknown): TypedData | null {
  let parsed = value;
  if (typeof value === "string") {
    if (value.length > SCAN_LIMITS.maxMessageChars * 4) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const t = record(parsed);
  const types = record(t?.["types"]);
  const domain = record(t?.["domain"]);
  const message = record(t?.["message"]);
  const primaryType = t?.["primaryType"];
  if (t === null || types === null || domain === null || message === null || typeof primaryType !== "string")
    return null;
  if (Object.keys(types).length > SCAN_LIMITS.maxTypes || !withinBounds(message, 0) || !withinBounds(domain, 0))
    return null;
  for (const fields of Object.values(types)) {
    if (!Array.isArray(fields) || fields.length > SCAN_LIMITS.maxFieldsPerType) return null;
    if (!fields.every((f) => typeof record(f)?.["name"] === "string" && typeof record(f)?.["type"] === "string"))
      return null;
  }
  if (!(primaryType in types)) return null;
  return { types: types as TypedData["types"], primaryType, domain, message };
}

/** eth_signTypedData_v4's params `[address, typedData]` (typedData as JSON text or an object), or `{params: [...]}`. */
export function decodeTypedDataScan(body: unknown): E.Either<ScanInputError, TypedDataScanRequest> {
  const params = Array.isArray(body) ? body : record(body)?.["params"];
  if (!Array.isArray(params) || params.length !== 2) return E.left("invalid_request");
  const signer = parseAddress(params[0]);
  if (signer === undefined) return E.left("invalid_address");
  const typedData = typedDataOf(params[1]);
  return typedData === null ? E.left("invalid_request") : E.right({ signer, typedData });
}

/** personal_sign: `{address, message, origin?}` or its params `[message, address]`. */
export function decodeMessageScan(body: unknown): E.Either<ScanInputError, MessageScanRequest> {
  const b = record(body);
  const params = Array.isArray(body) ? body : b?.["params"];
  const [message, address] = Array.isArray(params) ? [params[0], params[1]] : [b?.["message"], b?.["address"]];
  const origin = b?.["origin"] ?? null;
  const signer = parseAddress(address);
  if (signer === undefined) return E.left("invalid_address");
  if (typeof message !== "string" || message.length === 0) return E.left("invalid_request");
  if (message.length > SCAN_LIMITS.maxMessageChars) return E.left("payload_too_large");
  if (origin !== null && (typeof origin !== "string" || origin.length > 512)) return E.left("invalid_request");
  return E.right({ signer, message, origin: origin });
}
