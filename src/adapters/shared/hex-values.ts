import type { Hex, TxHash } from "../../domain/chain/chain-types";

const HEX = /^0x[0-9a-fA-F]*$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** Lowercase 0x-hex, as the domain holds it; throws on anything else (a bug or a broken node). */
export function asHex(value: string): Hex {
  if (!HEX.test(value)) throw new Error(`not hex: ${value.slice(0, 80)}`);
  return value.toLowerCase() as Hex;
}

export function asTxHash(value: string): TxHash {
  if (!TX_HASH.test(value)) throw new Error(`not a transaction hash: ${value}`);
  return value.toLowerCase() as TxHash;
}

/** JSON-RPC quantities ("0x1a") to numbers; block numbers and timestamps fit comfortably. */
export function quantityToNumber(value: string): number {
  const parsed = Number.parseInt(value, 16);
  if (!HEX.test(value) || !Number.isSafeInteger(parsed)) throw new Error(`not a quantity: ${value}`);
  return parsed;
}

export function quantityToBigInt(value: string): bigint {
  if (!HEX.test(value) || value === "0x") throw new Error(`not a quantity: ${value}`);
  return BigInt(value);
}

export function toQuantity(value: number | bigint): string {
  return `0x${value.toString(16)}`;
}

/** First four bytes of calldata, or `0x` when there are none (a plain value transfer). */
export function selectorOf(input: string): string {
  return input.length >= 10 ? input.slice(0, 10).toLowerCase() : "0x";
}

/** Left-pads hex to a 32-byte word, as eth_call state overrides expect for storage slots and values. */
export function padWord(value: string): Hex {
  const digits = asHex(value).slice(2);
  if (digits.length > 64) throw new Error(`more than 32 bytes: ${value.slice(0, 80)}`);
  return `0x${digits.padStart(64, "0")}` as Hex;
}
