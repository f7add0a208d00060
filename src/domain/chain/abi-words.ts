import { parseAddress, type Address } from "./address";
import type { Hex } from "./chain-types";

/**
 * The one place that reads and writes 32-byte ABI words by hand: log data and topics, call
 * arguments and return data. Pure, so the domain and application layers need no ABI library;
 * adapters that hold ethers use its coder for anything richer (strings, tuples).
 */

/** The n-th 32-byte word of hex data as an unsigned integer, or null when the data is too short. */
export function wordAt(data: string, index: number): bigint | null {
  const body = data.startsWith("0x") ? data.slice(2) : data;
  const word = body.slice(index * 64, index * 64 + 64);
  if (word.length !== 64 || !/^[0-9a-fA-F]+$/.test(word)) return null;
  return BigInt(`0x${word}`);
}

/** An address held in a 32-byte word (indexed topic or return data); null when not one. */
export function addressFromWord(word: string | undefined): Address | null {
  if (word === undefined) return null;
  const body = word.startsWith("0x") ? word.slice(2) : word;
  if (body.length !== 64 || !/^0{24}/.test(body)) return null;
  return parseAddress(`0x${body.slice(24)}`) ?? null;
}

/** The address in the n-th word of hex data (upper 96 bits zero), or null. */
export function addressAt(data: string, index: number): Address | null {
  const word = wordAt(data, index);
  if (word === null || word >> 160n !== 0n) return null;
  return parseAddress(`0x${word.toString(16).padStart(40, "0")}`) ?? null;
}

/** An address as a 32-byte ABI argument, without the 0x prefix (appended to a selector). */
export function addressArgument(address: Address): string {
  return address.slice(2).padStart(64, "0");
}

/** An address padded into a topic, for log filters on indexed address parameters. */
export function addressTopic(address: Address): Hex {
  return `0x${addressArgument(address)}` as Hex;
}
