import type { CallOutcome } from "../ports/chain-reader.port";
import { addressArgument, addressAt, wordAt } from "../../domain/chain/abi-words";
import { type Address, ZERO_ADDRESS } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";

/** The few view calls scoring makes, encoded by hand: the application layer carries no ABI library. */
export const SELECTORS = {
  getPair: "0xe6a43905",
  getReserves: "0x0902f1ac",
  token0: "0x0dfe1681",
  owner: "0x8da5cb5b",
} as const;

export function calldata(selector: string, ...addresses: readonly Address[]): Hex {
  return `${selector}${addresses.map(addressArgument).join("")}` as Hex;
}

/** The n-th 32-byte word of successful return data, or null. */
export function returnWord(outcome: CallOutcome, index: number): bigint | null {
  return outcome.ok ? wordAt(outcome.returnData, index) : null;
}

/** An address returned in the first word; null when the call reverted or did not return one. */
export function returnAddress(outcome: CallOutcome): Address | null {
  return outcome.ok ? addressAt(outcome.returnData, 0) : null;
}

export function isZero(address: Address | null): boolean {
  return address === null || address === ZERO_ADDRESS;
}
