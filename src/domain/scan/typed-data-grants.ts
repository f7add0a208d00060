import { parseAddress, type Address, ZERO_ADDRESS } from "../chain/address";

/** An eth_signTypedData_v4 payload, already bounded and checked for shape (scan-requests.ts). */
export interface TypedData {
  readonly types: Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>;
  readonly primaryType: string;
  readonly domain: Readonly<Record<string, unknown>>;
  readonly message: Readonly<Record<string, unknown>>;
}

export type GrantStandard =
  | "EIP-2612 permit"
  | "DAI permit"
  | "Permit2 PermitSingle"
  | "Permit2 PermitBatch"
  | "Permit2 PermitTransferFrom"
  | "Permit2 PermitBatchTransferFrom"
  | "Seaport order"
  | "EIP-3009 authorization";

/** What the signer gives away with one signature: to whom, how much of what, until when. */
export interface SignatureGrant {
  readonly standard: GrantStandard;
  /** `allowance`: the spender may pull up to amount; `transfer`: the amount moves when the signature is used. */
  readonly kind: "allowance" | "transfer";
  readonly token: Address | "native";
  readonly spender: Address;
  readonly amount: bigint | "all";
  readonly tokenId?: bigint;
  /** Unix seconds after which the signature (or the allowance it sets) is void; null: never. */
  readonly deadline: number | null;
}

export interface DecodedTypedData {
  readonly grants: readonly SignatureGrant[];
  /** The account that gives (the message's owner/holder/from/offerer), when the message names one. */
  readonly owner: Address | null;
  /** Seaport: what the offerer gets back, per token; empty when nothing comes back to the signer. */
  readonly received: readonly { readonly token: Address | "native"; readonly amount: bigint }[];
  readonly recognized: boolean;
}

/** Uniswap's Permit2, at the same address on every chain. */
export const PERMIT2_ADDRESS = "0x000000000022d473030f116ddee9f6b43ac78ba3" as Address;

function big(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return BigInt(value);
  return null;
}

/** A deadline as unix seconds; 0 and values past year 10,000 mean "never" as the contracts read them. */
function deadline(value: unknown, zeroMeansNever = false): number | null {
  const n = big(value);
  if (n === null) return null;
  if (n === 0n && zeroMeansNever) return null;
  return n > 253_402_300_799n ? null : Number(n);
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function fieldNames(data: TypedData): string {
  return (data.types[data.primaryType] ?? []).map((f) => f.name).join(",");
}

function permit2Details(details: unknown, spender: Address, sigDeadline: number | null, standard: GrantStandard) {
  const d = record(details);
  const token = parseAddress(d?.["token"]);
  const amount = big(d?.["amount"]);
  if (d === null || token === undefined || amount === null) return null;
  // The allowance lives until `expiration` (0: the block of use); the signature itself until sigDeadline.
  const expiration = deadline(d["expiration"]);
  const until = expiration === null ? sigDeadline : expiration;
  return { standard, kind: "allowance" as const, token, spender, amount, deadline: until };
}

function permissions(item: unknown, spender: Address, until: number | null, standard: GrantStandard) {
  const p = record(item);
  const token = parseAddress(p?.["token"]);
  const amount = big(p?.["amount"]);
  if (p === null || token === undefined || amount === null) return null;
  return { standard, kind: "transfer" as const, token, spender, amount, deadline: until };
}

function decodePermit2(data: TypedData): SignatureGrant[] | null {
  const m = data.message;
  const spender = parseAddress(m["spender"]);
  if (spender === undefined) return null;
  const present = <T>(items: (T | null)[]): T[] | null => (items.some((i) => i === null) ? null : (items as T[]));
  switch (data.primaryType) {
    case "PermitSingle":
      return present([permit2Details(m["details"], spender, deadline(m["sigDeadline"]), "Permit2 PermitSingle")]);
    case "PermitBatch": {
      const details = Array.isArray(m["details"]) ? m["details"] : [];
      const until = deadline(m["sigDeadline"]);
      return present(details.map((d) => permit2Details(d, spender, until, "Permit2 PermitBatch")));
    }
    case "PermitTransferFrom":
      return present([permissions(m["permitted"], spender, deadline(m["deadline"]), "Permit2 PermitTransferFrom")]);
    case "PermitBatchTransferFrom": {
      const permitted = Array.isArray(m["permitted"]) ? m["permitted"] : [];
      const until = deadline(m["deadline"]);
      return present(permitted.map((p) => permissions(p, spender, until, "Permit2 PermitBatchTransferFrom")));
    }
    default:
      return null;
  }
}

const SEAPORT_KINDS: Record<string, "native" | "erc20" | "erc721" | "erc1155"> = {
  "0": "native",
  "1": "erc20",
  "2": "erc721",
  "3": "erc1155",
  "4": "erc721",
  "5": "erc1155",
};

function decodeSeaport(data: TypedData, signer: Address): DecodedTypedData {
  const m = data.message;
  const offerer = parseAddress(m["offerer"]) ?? signer;
  const considerations = (Array.isArray(m["consideration"]) ? m["consideration"] : []).map(record);
  const items = (Array.isArray(m["offer"]) ? m["offer"] : []).map(record);
  const tokenOf = (item: Record<string, unknown> | null): Address | "native" | null => {
    const kind = SEAPORT_KINDS[String(item?.["itemType"])];
    if (kind === undefined) return null;
    return kind === "native" ? "native" : (parseAddress(item?.["token"]) ?? null);
  };
  // Whoever the other consideration items pay is who the order is built for; with none, any fulfiller.
  const beneficiary =
    considerations.map((c) => parseAddress(c?.["recipient"])).find((r) => r !== undefined && r !== offerer) ??
    ZERO_ADDRESS;
  const until = deadline(m["endTime"]);
  const grants: SignatureGrant[] = [];
  for (const item of items) {
    const token = tokenOf(item);
    const amount = big(item?.["startAmount"]);
    if (token === null || amount === null) continue;
    const id = big(item?.["identifierOrCriteria"]);
    grants.push({
      standard: "Seaport order",
      kind: "transfer",
      token,
      spender: beneficiary,
      amount,
      ...(id === null || SEAPORT_KINDS[String(item?.["itemType"])] === "erc20" ? {} : { tokenId: id }),
      deadline: until,
    });
  }
  const received = considerations
    .filter((c) => parseAddress(c?.["recipient"]) === offerer)
    .map((c) => ({ token: tokenOf(c), amount: big(c?.["startAmount"]) ?? 0n }))
    .filter((r): r is { token: Address | "native"; amount: bigint } => r.token !== null && r.amount > 0n);
  return { grants, owner: offerer, received, recognized: true };
}

/**
 * Reads a typed-data request as the contracts that verify it would: EIP-2612 and DAI permits, Permit2's four
 * messages (its published PermitHash types), Seaport's OrderComponents and EIP-3009 authorizations. Anything
 * else is `recognized: false` with no grants (the scan then says it cannot tell what is signed).
 */
export function decodeTypedData(data: TypedData, signer: Address): DecodedTypedData {
  const m = data.message;
  const none: DecodedTypedData = { grants: [], owner: null, received: [], recognized: false };
  const verifying = parseAddress(data.domain["verifyingContract"]);
  const name = typeof data.domain["name"] === "string" ? data.domain["name"] : "";
  const fields = fieldNames(data);

  if (verifying === PERMIT2_ADDRESS || name === "Permit2") {
    const grants = decodePermit2(data);
    return grants === null ? none : { grants, owner: signer, received: [], recognized: true };
  }
  if (data.primaryType === "OrderComponents" || name === "Seaport") return decodeSeaport(data, signer);
  if (data.primaryType === "Permit" && verifying !== undefined) {
    const spender = parseAddress(m["spender"]);
    if (spender === undefined) return none;
    if (fields === "owner,spender,value,nonce,deadline") {
      const amount = big(m["value"]);
      if (amount === null) return none;
      const grant: SignatureGrant = {
        standard: "EIP-2612 permit",
        kind: "allowance",
        token: verifying,
        spender,
        amount,
        deadline: deadline(m["deadline"]),
      };
      return { grants: [grant], owner: parseAddress(m["owner"]) ?? null, received: [], recognized: true };
    }
    if (fields === "holder,spender,nonce,expiry,allowed") {
      // DAI: allowed=true is an unlimited allowance; expiry 0 never expires.
      const allowed = m["allowed"] === true || m["allowed"] === "true";
      const grant: SignatureGrant = {
        standard: "DAI permit",
        kind: "allowance",
        token: verifying,
        spender,
        amount: allowed ? (1n << 256n) - 1n : 0n,
        deadline: deadline(m["expiry"], true),
      };
      return { grants: [grant], owner: parseAddress(m["holder"]) ?? null, received: [], recognized: true };
    }
  }
  if (
    (data.primaryType === "TransferWithAuthorization" || data.primaryType === "ReceiveWithAuthorization") &&
    verifying !== undefined
  ) {
    const to = parseAddress(m["to"]);
    const amount = big(m["value"]);
    if (to === undefined || amount === null) return none;
    const grant: SignatureGrant = {
      standard: "EIP-3009 authorization",
      kind: "transfer",
      token: verifying,
      spender: to,
      amount,
      deadline: deadline(m["validBefore"]),
    };
    return { grants: [grant], owner: parseAddress(m["from"]) ?? null, received: [], recognized: true };
  }
  return none;
}
