import type { ChainReader } from "../../application/ports/chain-reader.port";
import { type Address, ZERO_ADDRESS } from "../../domain/chain/address";
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

/** Address-shaped words in the first storage slots that are not one of the `known` addresses. */
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
  const found: { slot: number; address: Address }[] = [];
  words.forEach((word, slot) => {
    const address = BigInt(word === "0x" ? "0x0" : word) >= ADDRESS_FLOOR ? addressInWord(word) : null;
    if (address !== null && address !== contract && !known.has(address)) found.push({ slot, address });
  });
  return found;
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
