import { AbiCoder, keccak256 } from "ethers";
import type { ChainReader } from "../../application/ports/chain-reader.port";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";
import { decodeWord, probeCalldata } from "./abi-probes";
import { MAPPING_SLOT_CANDIDATES, callOrThrow, isCandidate, randomActor, wordHex } from "./sell-simulator-calls";

const PROBE_ALLOWANCE = 10n ** 30n + 7_777n;
const SEARCH_OWNER = randomActor();
const SEARCH_SPENDER = randomActor();

/** keccak256(spender . keccak256(owner . slot)): owner's allowance for spender in a nested mapping at `slot`. */
export function allowanceKey(owner: Address, spender: Address, slot: number): Hex {
  const coder = AbiCoder.defaultAbiCoder();
  const inner = keccak256(coder.encode(["address", "uint256"], [owner, slot]));
  return asHex(keccak256(coder.encode(["address", "bytes32"], [spender, inner])));
}

const SEARCH_CALL = probeCalldata.allowance(SEARCH_OWNER, SEARCH_SPENDER);
const WRITES: Record<Hex, Hex> = Object.fromEntries(
  MAPPING_SLOT_CANDIDATES.map((slot) => [
    allowanceKey(SEARCH_OWNER, SEARCH_SPENDER, slot),
    wordHex(PROBE_ALLOWANCE + BigInt(slot)),
  ]),
);

async function readsAlone(chain: Pick<ChainReader, "call">, token: Address, slot: number): Promise<boolean> {
  const key = allowanceKey(SEARCH_OWNER, SEARCH_SPENDER, slot);
  const one = await callOrThrow(
    chain,
    { to: token, data: SEARCH_CALL },
    { [token]: { stateDiff: { [key]: WRITES[key]! } } },
  );
  return one.ok && decodeWord(one.returnData) === PROBE_ALLOWANCE + BigInt(slot);
}

/**
 * The slot of the token's allowance mapping, found as the balance slot is: every candidate written at once, the
 * slot allowance() names confirmed by writing it alone, else one slot at a time. Null when none reads back.
 */
export async function findAllowanceSlot(chain: Pick<ChainReader, "call">, token: Address): Promise<number | null> {
  const outcome = await callOrThrow(chain, { to: token, data: SEARCH_CALL }, { [token]: { stateDiff: WRITES } });
  if (!outcome.ok) return null;
  const named = (decodeWord(outcome.returnData) ?? 0n) - PROBE_ALLOWANCE;
  if (isCandidate(named) && (await readsAlone(chain, token, Number(named)))) return Number(named);
  const answers = await Promise.all(MAPPING_SLOT_CANDIDATES.map((slot) => readsAlone(chain, token, slot)));
  return MAPPING_SLOT_CANDIDATES[answers.indexOf(true)] ?? null;
}
