import type { StateOverrides } from "../../application/ports/chain-reader.port";
import { asHex, padWord, toQuantity } from "../shared/hex-values";

/**
 * The third eth_call parameter as geth, Erigon, Reth and Hardhat read it: balances as
 * quantities (no leading zeros), storage slots and values as 32-byte words.
 */
export function encodeStateOverrides(overrides: StateOverrides): Record<string, Record<string, unknown>> {
  const encoded: Record<string, Record<string, unknown>> = {};
  for (const [address, override] of Object.entries(overrides)) {
    const entry: Record<string, unknown> = {};
    if (override.balance !== undefined) entry["balance"] = toQuantity(override.balance);
    if (override.code !== undefined) entry["code"] = asHex(override.code);
    if (override.stateDiff !== undefined) {
      entry["stateDiff"] = Object.fromEntries(
        Object.entries(override.stateDiff).map(([slot, value]) => [padWord(slot), padWord(value)]),
      );
    }
    encoded[address] = entry;
  }
  return encoded;
}
