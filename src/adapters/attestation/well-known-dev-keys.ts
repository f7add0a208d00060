import { HDNodeWallet } from "ethers";

/** The mnemonic of Hardhat, Anvil and Ganache test accounts: its keys are public, anyone can sign with them. */
export const WELL_KNOWN_DEV_MNEMONIC = "test test test test test test test test test test test junk";
const ACCOUNTS_CHECKED = 20;

let wellKnownKeys: ReadonlySet<string> | undefined;

/** Derived once, lazily: BIP-39 seed stretching costs a few tens of milliseconds. */
function derivedKeys(): ReadonlySet<string> {
  if (wellKnownKeys === undefined) {
    const root = HDNodeWallet.fromPhrase(WELL_KNOWN_DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
    const keys = new Set<string>();
    for (let index = 0; index < ACCOUNTS_CHECKED; index += 1) keys.add(root.deriveChild(index).privateKey.toLowerCase());
    wellKnownKeys = keys;
  }
  return wellKnownKeys;
}

/** True for any of the first 20 keys of the well-known development mnemonic (with or without 0x, any case). */
export function isWellKnownDevKey(privateKey: string): boolean {
  const normalised = privateKey.trim().toLowerCase();
  return derivedKeys().has(normalised.startsWith("0x") ? normalised : `0x${normalised}`);
}
