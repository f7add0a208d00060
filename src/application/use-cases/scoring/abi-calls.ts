import type { CallOutcome } from "../../ports/chain-reader.port";
import { type Address, ZERO_ADDRESS, parseAddress } from "../../../domain/chain/address";
import type { Hex } from "../../../domain/chain/chain-types";

/** The few view calls scoring makes, encoded by hand: the application layer carries no ABI library. */
export const SELECTORS = {
  getPair: "0xe6a43905",
  getReserves: "0x0902f1ac",
  token0: "0x0dfe1681",
  owner: "0x8da5cb5b",
} as const;

function addressArgument(address: Address): string {
  return address.slice(2).padStart(64, "0");
}

export function calldata(selector: string, ...addresses: readonly Address[]): Hex {
  return `${selector}${addresses.map(addressArgument).join("")}` as Hex;
}

/** The n-th 32-byte word of successful return data, or null. */
export function returnWord(outcome: CallOutcome, index: number): bigint | null {
  if (!outcome.ok) return null;
  const word = outcome.returnData.slice(2 + index * 64, 2 + (index + 1) * 64);
  return word.length === 64 && /^[0-9a-f]+$/i.test(word) ? BigInt(`0x${word}`) : null;
}

/** An address returned in the first word; null when the call reverted or did not return one. */
export function returnAddress(outcome: CallOutcome): Address | null {
  const word = returnWord(outcome, 0);
  if (word === null || word >> 160n !== 0n) return null;
  return parseAddress(`0x${word.toString(16).padStart(40, "0")}`) ?? null;
}

export function isZero(address: Address | null): boolean {
  return address === null || address === ZERO_ADDRESS;
}
