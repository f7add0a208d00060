import { AbiCoder, Interface, hexlify, keccak256, randomBytes } from "ethers";
import type { CallOutcome, ChainReader } from "../../application/ports/chain-reader.port";
import type { UpstreamFailure } from "../../application/failures";
import { type Address, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";
import { decodeWord, probeCalldata } from "./abi-probes";

export const SIMULATOR_ABI = new Interface([
  "function swapExactIn(address tokenIn, address pair, uint256 amountIn) returns (uint256 expectedOut, uint256 amountOut)",
  "function transferTo(address token, address recipient, uint256 amount) returns (uint256 expectedOut, uint256 amountOut)",
]);

/** Where Solidity keeps `mapping(address => uint256)` entries: probed slots 0..MAX_BALANCE_SLOT. */
export const MAX_BALANCE_SLOT = 20;
/** An unmistakable balance: a probe that reads it back found the mapping. */
const PROBE_BALANCE = 10n ** 30n + 4_242n;

/** Carries an UpstreamFailure through async code, so the simulator can stay a plain async function. */
export class UpstreamError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.detail);
  }
}

export async function callOrThrow(chain: ChainReader, ...args: Parameters<ChainReader["call"]>): Promise<CallOutcome> {
  const result = await chain.call(...args)();
  if (result._tag === "Left") throw new UpstreamError(result.left);
  return result.right;
}

export function randomActor(): Address {
  return asAddress(hexlify(randomBytes(20)));
}

/** keccak256(abi.encode(holder, slot)): the storage key of holder's entry in a mapping at `slot`. */
export function balanceKey(holder: Address, slot: number): Hex {
  return asHex(keccak256(AbiCoder.defaultAbiCoder().encode(["address", "uint256"], [holder, slot])));
}

export function wordHex(value: bigint): Hex {
  return asHex(`0x${value.toString(16).padStart(64, "0")}`);
}

/**
 * The holder whose balance the slot search writes: drawn once per process, so a token cannot single it out
 * ahead of time, and the same for every search, so the sell simulator's and the capability prober's searches on
 * one token at one block are the same reads (the chain reader's pinned memo sends them once).
 */
const SLOT_SEARCH_HOLDER = randomActor();

/**
 * Finds the token's balance mapping by overriding one candidate slot at a time and asking balanceOf:
 * the slot whose override reads back is the one. Null for layouts this cannot see (Vyper, packed).
 */
export async function findBalanceSlot(chain: ChainReader, token: Address): Promise<number | null> {
  const probe = SLOT_SEARCH_HOLDER;
  const slots = Array.from({ length: MAX_BALANCE_SLOT + 1 }, (_, slot) => slot);
  const answers = await Promise.all(
    slots.map(async (slot) => {
      const outcome = await callOrThrow(
        chain,
        { to: token, data: probeCalldata.balanceOf(probe) },
        { [token]: { stateDiff: { [balanceKey(probe, slot)]: wordHex(PROBE_BALANCE) } } },
      );
      return outcome.ok && decodeWord(outcome.returnData) === PROBE_BALANCE ? slot : null;
    }),
  );
  return answers.find((slot) => slot !== null) ?? null;
}

/** (expectedOut, amountOut) from a successful simulator call. */
export function decodeAmounts(
  outcome: Extract<CallOutcome, { ok: true }>,
): { expectedOut: bigint; amountOut: bigint } | null {
  try {
    const [expectedOut, amountOut] = SIMULATOR_ABI.decodeFunctionResult(
      "swapExactIn",
      outcome.returnData,
    ) as unknown as [bigint, bigint];
    return { expectedOut, amountOut };
  } catch {
    return null;
  }
}
