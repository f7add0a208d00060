import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { isWellFormedText } from "../text/well-formed-text";
import { isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";

/** One parameter of a parsed signature; `name` may be empty when the signature names none. */
export interface SignatureInput {
  readonly name: string;
  readonly type: string;
  readonly indexed: boolean;
}

/** An event or function signature, parsed once at the edge (the parser is an ABI library's). */
export interface ParsedSignature {
  /** Canonical form, e.g. `Borrow(address,uint256)`. */
  readonly signature: string;
  readonly name: string;
  /** topic0 of an event, 4-byte selector of a function; lowercase hex. */
  readonly hash: string;
  readonly inputs: readonly SignatureInput[];
}

/** Parses `text` as an event or function signature; undefined when it does not parse. */
export type SignatureParser = (kind: "event" | "function", text: string) => ParsedSignature | undefined;

/** A contract a subscription watches; no list of a kind means every log (or every call). */
export interface WatchedContract {
  readonly address: Address;
  readonly events?: readonly ParsedSignature[];
  readonly functions?: readonly ParsedSignature[];
}

export const MAX_CONTRACTS = 50;
export const MAX_SIGNATURES = 50;
export const SIGNATURE_MAX_LENGTH = 500;

function decodeSignatures(
  value: unknown,
  kind: "event" | "function",
  parse: SignatureParser,
): readonly ParsedSignature[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SIGNATURES) return null;
  const parsed: ParsedSignature[] = [];
  for (const text of value) {
    if (typeof text !== "string" || text.length > SIGNATURE_MAX_LENGTH || !isWellFormedText(text)) return null;
    const signature = parse(kind, text);
    if (signature === undefined) return null;
    if (!parsed.some((p) => p.hash === signature.hash)) parsed.push(signature);
  }
  return parsed;
}

/** `[{address, events?, functions?}]`, at most MAX_CONTRACTS, each address once. */
export function decodeContracts(
  value: unknown,
  parse: SignatureParser,
): E.Either<GuardInputError, readonly WatchedContract[]> {
  if (!Array.isArray(value) || value.length > MAX_CONTRACTS) return refuse("contracts");
  const contracts: WatchedContract[] = [];
  for (const item of value) {
    if (!isJsonObject(item) || unknownKey(item, ["address", "events", "functions"]) !== undefined)
      return refuse("contracts");
    const address = parseAddress(item.address);
    const events = decodeSignatures(item.events, "event", parse);
    const functions = decodeSignatures(item.functions, "function", parse);
    if (address === undefined || events === null || functions === null) return refuse("contracts");
    if (contracts.some((c) => c.address === address)) return refuse("contracts");
    contracts.push({
      address,
      ...(events === undefined ? {} : { events }),
      ...(functions === undefined ? {} : { functions }),
    });
  }
  return E.right(contracts);
}

/** What a read shows: the signatures as text. */
export function viewContracts(contracts: readonly WatchedContract[]): unknown[] {
  return contracts.map((c) => ({
    address: c.address,
    ...(c.events === undefined ? {} : { events: c.events.map((e) => e.signature) }),
    ...(c.functions === undefined ? {} : { functions: c.functions.map((f) => f.signature) }),
  }));
}
