import type { Address } from "../chain/address";
import { parseAddress } from "../chain/address";
import type { Hex } from "../chain/chain-types";

/** Reading 32-byte ABI words from log data and topics, without an ABI library. */

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

/** An address padded into a topic, for log filters on indexed address parameters. */
export function addressTopic(address: Address): Hex {
  return `0x${"0".repeat(24)}${address.slice(2)}` as Hex;
}
