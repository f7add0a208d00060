import { type Address, parseAddress } from "../chain/address";

/** A dated sanctions list: where it came from, the day it describes, and its EVM addresses. */
export interface SanctionsListSnapshot {
  readonly list: string;
  readonly source: string;
  /** `YYYY-MM-DD`. */
  readonly listDate: string;
  readonly addresses: readonly Address[];
}

/** Where a listed address was found: the evidence a SANCTIONED flag carries. */
export interface SanctionsHit {
  readonly list: string;
  readonly source: string;
  readonly listDate: string;
}

export type ListParse =
  { readonly ok: true; readonly addresses: Address[] } | { readonly ok: false; readonly reason: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The nightly lists hold a few hundred EVM addresses; a file far past that is not one of them. */
export const MAX_LIST_ADDRESSES = 100_000;

/**
 * Parses the format of the widely used nightly lists (0xB10C/ofac-sanctioned-digital-currency-addresses,
 * `sanctioned_addresses_ETH.txt` and `.json`): a JSON array of addresses, or one address a line (blank
 * lines and `#` comments skipped). Any other entry refuses the whole list: a half-read list screens less
 * than it claims. Addresses come back lowercase, deduplicated, sorted.
 */
export function parseNightlyList(text: string): ListParse {
  const trimmed = text.trim();
  let entries: unknown[];
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (!Array.isArray(parsed)) return { ok: false, reason: "not a JSON array" };
      entries = parsed;
    } catch {
      return { ok: false, reason: "not valid JSON" };
    }
  } else {
    entries = trimmed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
  }
  if (entries.length > MAX_LIST_ADDRESSES) return { ok: false, reason: `more than ${MAX_LIST_ADDRESSES} entries` };
  const addresses = new Set<Address>();
  for (const [i, entry] of entries.entries()) {
    const address = parseAddress(entry);
    if (address === undefined) return { ok: false, reason: `entry ${i + 1} is not an EVM address` };
    addresses.add(address);
  }
  if (addresses.size === 0) return { ok: false, reason: "no addresses" };
  return { ok: true, addresses: [...addresses].sort() };
}

/** Reads a shipped snapshot file (`{list, source, listDate, addresses}`); null with a reason when malformed. */
export function parseSnapshot(text: string): SanctionsListSnapshot | { readonly invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { invalid: "not valid JSON" };
  }
  if (typeof value !== "object" || value === null) return { invalid: "not an object" };
  const { list, source, listDate, addresses } = value as Record<string, unknown>;
  if (typeof list !== "string" || typeof source !== "string") return { invalid: "list and source are required" };
  if (typeof listDate !== "string" || !DATE_PATTERN.test(listDate)) return { invalid: "listDate must be YYYY-MM-DD" };
  if (!Array.isArray(addresses)) return { invalid: "addresses must be an array" };
  const parsed = parseNightlyList(JSON.stringify(addresses));
  if (!parsed.ok) return { invalid: parsed.reason };
  return { list, source, listDate, addresses: parsed.addresses };
}

export function isListDate(value: string): boolean {
  return DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** A snapshot from a nightly list's text, named and dated; the reason when the text is not such a list. */
export function snapshotFromList(
  text: string,
  meta: { readonly list: string; readonly source: string; readonly listDate: string },
): SanctionsListSnapshot | { readonly invalid: string } {
  if (!isListDate(meta.listDate)) return { invalid: `list date ${meta.listDate} is not YYYY-MM-DD` };
  const parsed = parseNightlyList(text);
  return parsed.ok ? { ...meta, addresses: parsed.addresses } : { invalid: parsed.reason };
}
