import { HDNodeWallet } from "ethers";

/** The mnemonic of Hardhat, Anvil and Ganache test accounts: its keys are public, anyone can sign with them. */
export const WELL_KNOWN_DEV_MNEMONIC = "test test test test test test test test test test test junk";
const ACCOUNTS_CHECKED = 20;

let wellKnown: { readonly keys: ReadonlySet<string>; readonly addresses: ReadonlySet<string> } | undefined;

/** Derived once, lazily: BIP-39 seed stretching costs a few tens of milliseconds. */
function derived(): NonNullable<typeof wellKnown> {
  if (wellKnown === undefined) {
    const root = HDNodeWallet.fromPhrase(WELL_KNOWN_DEV_MNEMONIC, undefined, "m/44'/60'/0'/0");
    const keys = new Set<string>();
    const addresses = new Set<string>();
    for (let index = 0; index < ACCOUNTS_CHECKED; index += 1) {
      const account = root.deriveChild(index);
      keys.add(account.privateKey.toLowerCase());
      addresses.add(account.address.toLowerCase());
    }
    wellKnown = { keys, addresses };
  }
  return wellKnown;
}

const derivedKeys = (): ReadonlySet<string> => derived().keys;

/** True for the address of any of those accounts: money paid there can be taken by anyone. */
export function isWellKnownDevAddress(address: string): boolean {
  return derived().addresses.has(address.trim().toLowerCase());
}

/** True for any of the first 20 keys of the well-known development mnemonic (with or without 0x, any case). */
export function isWellKnownDevKey(privateKey: string): boolean {
  const normalised = privateKey.trim().toLowerCase();
  return derivedKeys().has(normalised.startsWith("0x") ? normalised : `0x${normalised}`);
}
