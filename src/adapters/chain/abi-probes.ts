import { AbiCoder, Interface, toUtf8String } from "ethers";
import { wordAt } from "../../domain/chain/abi-words";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";

const PROBES = new Interface([
  "function supportsInterface(bytes4 interfaceId) view returns (bool)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address owner) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
]);

export const INTERFACE_IDS = {
  erc165: "0x01ffc9a7",
  /** ERC-165 requires this to answer false; a contract answering true to everything is lying. */
  invalid: "0xffffffff",
  erc721: "0x80ac58cd",
  erc1155: "0xd9b67a26",
} as const;

export const probeCalldata = {
  supportsInterface: (interfaceId: string): Hex => asHex(PROBES.encodeFunctionData("supportsInterface", [interfaceId])),
  totalSupply: (): Hex => asHex(PROBES.encodeFunctionData("totalSupply")),
  balanceOf: (owner: Address): Hex => asHex(PROBES.encodeFunctionData("balanceOf", [owner])),
  allowance: (owner: Address, spender: Address): Hex => asHex(PROBES.encodeFunctionData("allowance", [owner, spender])),
  decimals: (): Hex => asHex(PROBES.encodeFunctionData("decimals")),
  name: (): Hex => asHex(PROBES.encodeFunctionData("name")),
  symbol: (): Hex => asHex(PROBES.encodeFunctionData("symbol")),
};

/** The first 32-byte word as an unsigned integer, or null when the answer is shorter. */
export function decodeWord(data: Hex): bigint | null {
  return wordAt(data, 0);
}

/** A strict ABI bool: exactly 0 or 1 in the first word. */
export function decodeBool(data: Hex): boolean | null {
  const word = decodeWord(data);
  return word === 0n ? false : word === 1n ? true : null;
}

/** ABI `string`, or the legacy `bytes32` some old tokens (MKR) return for name and symbol. */
export function decodeText(data: Hex): string | null {
  try {
    const [text] = AbiCoder.defaultAbiCoder().decode(["string"], data);
    return typeof text === "string" ? text : null;
  } catch {
    if (data.length !== 66) return null;
    const bytes = Buffer.from(data.slice(2), "hex");
    const end = bytes.indexOf(0);
    try {
      return toUtf8String(end === -1 ? bytes : bytes.subarray(0, end));
    } catch {
      return null;
    }
  }
}

const ERROR_STRING = "0x08c379a0";
const PANIC = "0x4e487b71";

/** Error(string) and Panic(uint256) are the two revert payloads Solidity itself defines. */
export function decodeRevertReason(revertData: Hex): string | null {
  const body = `0x${revertData.slice(10)}`;
  try {
    if (revertData.startsWith(ERROR_STRING)) {
      const [reason] = AbiCoder.defaultAbiCoder().decode(["string"], body);
      return String(reason);
    }
    if (revertData.startsWith(PANIC)) {
      const [code] = AbiCoder.defaultAbiCoder().decode(["uint256"], body);
      return `Panic(0x${(code as bigint).toString(16)})`;
    }
  } catch {
    return null;
  }
  return null;
}
