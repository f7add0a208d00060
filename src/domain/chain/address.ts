import * as t from "io-ts";

/** A 20-byte account address, always held in lowercase so that equality is plain `===`. */
export type Address = string & { readonly __brand: "Address" };

/** API contract: an address is a string matching this pattern (any letter case). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as Address;

export function isAddressText(value: unknown): value is string {
  return typeof value === "string" && ADDRESS_PATTERN.test(value);
}

export function parseAddress(value: unknown): Address | undefined {
  return isAddressText(value) ? (value.toLowerCase() as Address) : undefined;
}

/** Trusted conversion for addresses that already came from a decoded source (RPC, explorer). */
export function asAddress(value: string): Address {
  const address = parseAddress(value);
  if (address === undefined) throw new Error(`not an address: ${value}`);
  return address;
}

/** io-ts codec: accepts the API's address pattern and yields the lowercase `Address`. */
export const AddressCodec = new t.Type<Address, string, unknown>(
  "Address",
  (u): u is Address => typeof u === "string" && ADDRESS_PATTERN.test(u) && u === u.toLowerCase(),
  (u, c) => {
    const address = parseAddress(u);
    return address === undefined ? t.failure(u, c, "not a 0x-prefixed 20-byte hex address") : t.success(address);
  },
  (a) => a,
);
