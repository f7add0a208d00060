/**
 * Sui addresses and coin types, normalised once at the edge so equality is plain `===`.
 * A Sui address is 32 bytes: `0x` + 64 hex digits, lowercase. Short forms (`0x2`) are left-padded,
 * as Sui's own tools do.
 */
export type SuiAddress = string & { readonly __brand: "SuiAddress" };

/** `0x<64 hex>::<module>::<Name>` with the package address normalised. */
export type CoinType = string & { readonly __brand: "CoinType" };

const SHORT_OR_FULL = /^0x[0-9a-fA-F]{1,64}$/;
const MODULE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,127}$/;
const STRUCT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,127}$/;
/** Longest coin type text accepted: 66 for the address, 2 x 2 separators, 2 x 128 identifiers. */
export const MAX_COIN_TYPE_LENGTH = 66 + 4 + 256;

export function parseSuiAddress(value: unknown): SuiAddress | undefined {
  if (typeof value !== "string" || !SHORT_OR_FULL.test(value)) return undefined;
  return `0x${value.slice(2).toLowerCase().padStart(64, "0")}` as SuiAddress;
}

/** Trusted conversion for values that came from a decoded source (the ledger, a node's answer). */
export function asSuiAddress(value: string): SuiAddress {
  const address = parseSuiAddress(value);
  if (address === undefined) throw new Error(`not a Sui address: ${value}`);
  return address;
}

export function parseCoinType(value: unknown): CoinType | undefined {
  if (typeof value !== "string" || value.length > MAX_COIN_TYPE_LENGTH) return undefined;
  const parts = value.split("::");
  if (parts.length !== 3) return undefined;
  const [pkg, module, name] = parts as [string, string, string];
  const address = parseSuiAddress(pkg);
  if (address === undefined || !MODULE_NAME.test(module) || !STRUCT_NAME.test(name)) return undefined;
  return `${address}::${module}::${name}` as CoinType;
}

export function asCoinType(value: string): CoinType {
  const coinType = parseCoinType(value);
  if (coinType === undefined) throw new Error(`not a coin type: ${value}`);
  return coinType;
}

/** The package that defines the coin (its first component). */
export function coinPackage(coinType: CoinType): SuiAddress {
  return coinType.split("::")[0] as SuiAddress;
}
