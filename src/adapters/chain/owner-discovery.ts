import type { ChainReader } from "../../application/ports/chain-reader.port";
import { type Address, ZERO_ADDRESS, asAddress } from "../../domain/chain/address";
import type { ProbeCaller } from "../../domain/scoring/profiles/capabilities";
import { asHex } from "../shared/hex-values";
import { addressInWord } from "./proxy-inspection";
import { callOrThrow } from "./sell-simulator-calls";
import { run } from "./run-task";

/** Storage slots read for addresses kept there (Solidity lays simple state variables out from slot 0). */
const STORED_SLOTS = 16;
const MAX_STORED_CANDIDATES = 4;
const PENDING_OWNER = asHex("0xe30c3978");
const OWNER = asHex("0x8da5cb5b");
/** Words above 2^128 that fit in 160 bits: addresses, not amounts or timestamps. */
const ADDRESS_FLOOR = 1n << 128n;
const ADDRESS_MASK = (1n << 160n) - 1n;
/** Byte offsets an address can start at inside a word it shares (Solidity packs from the low-order end). */
const PACKED_OFFSETS = Array.from({ length: 13 }, (_, bytes) => BigInt(bytes * 8));
/** What may sit beside a packed address: small fields (flags, decimals, a fee, a timestamp), not hashes. */
const SMALL_FIELD_CEILING = 1n << 64n;

export type StoredAddresses = readonly { readonly slot: number; readonly address: Address }[];

/** owner() as read: the zero address when renounced, null when the contract has no owner(). */
export async function readOwner(chain: ChainReader, contract: Address): Promise<Address | null> {
  const answer = await callOrThrow(chain, { to: contract, data: OWNER });
  if (!answer.ok || answer.returnData.length < 66) return null;
  return addressInWord(asHex(answer.returnData.slice(0, 66))) ?? ZERO_ADDRESS;
}

/** Ownable2Step pendingOwner(), null when absent or zero. */
export async function readPendingOwner(chain: ChainReader, contract: Address): Promise<Address | null> {
  const answer = await callOrThrow(chain, { to: contract, data: PENDING_OWNER });
  return answer.ok && answer.returnData.length >= 66 ? addressInWord(asHex(answer.returnData.slice(0, 66))) : null;
}

/**
 * Address-shaped words in the first storage slots that are not one of the `known` addresses. A word that is no plain
 * address may pack one beside small fields (`uint8 decimals; bool flag; address controller` share one slot): each
 * byte offset whose 20 bytes look like an address, with only small values around them, is a candidate, kept when the
 * account is in use (code, a nonce or a balance), since shifting one address by a byte makes another that is not.
 */
export async function readStoredAddresses(
  chain: ChainReader,
  contract: Address,
  known: ReadonlySet<Address>,
): Promise<StoredAddresses> {
  const words = await Promise.all(
    Array.from({ length: STORED_SLOTS }, (_, slot) =>
      run(chain.storageAt(contract, asHex(`0x${slot.toString(16).padStart(64, "0")}`))),
    ),
  );
  const perSlot = await Promise.all(
    words.map(async (word) => {
      const value = BigInt(word === "0x" ? "0x0" : word);
      if (value >= ADDRESS_FLOOR && value >> 160n === 0n) return [addressInWord(word)];
      return packedAddresses(chain, value);
    }),
  );
  const found: { slot: number; address: Address }[] = [];
  perSlot.forEach((addresses, slot) => {
    for (const address of addresses)
      if (address !== null && address !== contract && !known.has(address) && !found.some((f) => f.address === address))
        found.push({ slot, address });
  });
  return found;
}

/** Addresses packed with small fields in one word, each kept only when the account is in use. */
async function packedAddresses(chain: ChainReader, value: bigint): Promise<Address[]> {
  if (value >> 160n === 0n) return [];
  const candidates = PACKED_OFFSETS.flatMap((shift) => {
    const chunk = (value >> shift) & ADDRESS_MASK;
    const below = value & ((1n << shift) - 1n);
    const above = value >> (shift + 160n);
    if (chunk < ADDRESS_FLOOR || below >= SMALL_FIELD_CEILING || above >= SMALL_FIELD_CEILING) return [];
    return [asAddress(`0x${chunk.toString(16).padStart(40, "0")}`)];
  });
  const used = await Promise.all(candidates.map((address) => inUse(chain, address)));
  return candidates.filter((_, i) => used[i]);
}

async function inUse(chain: ChainReader, address: Address): Promise<boolean> {
  const [code, nonce, balance] = await Promise.all([
    run(chain.codeAt(address)),
    run(chain.nonce(address)),
    run(chain.nativeBalance(address)),
  ]);
  return code !== "0x" || nonce > 0 || balance > 0n;
}

/** Candidate privileged callers, each once: owner(), then addresses found in storage, then the deployer. */
export function candidateCallers(
  owner: Address | null,
  stored: StoredAddresses,
  deployer: Address | null,
): ProbeCaller[] {
  const callers: ProbeCaller[] = [];
  const add = (caller: ProbeCaller): void => {
    if (caller.address !== ZERO_ADDRESS && !callers.some((c) => c.address === caller.address)) callers.push(caller);
  };
  if (owner !== null) add({ address: owner, role: "owner", slot: null });
  stored.slice(0, MAX_STORED_CANDIDATES).forEach((s) => add({ address: s.address, role: "stored", slot: s.slot }));
  if (deployer !== null) add({ address: deployer, role: "deployer", slot: null });
  return callers;
}
