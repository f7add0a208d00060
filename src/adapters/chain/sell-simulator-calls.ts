import { AbiCoder, Interface, hexlify, keccak256, randomBytes } from "ethers";
import type { CallOutcome, ChainReader } from "../../application/ports/chain-reader.port";
import type { UpstreamFailure } from "../../application/failures";
import { type Address, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import { asHex } from "../shared/hex-values";
import { decodeWord, probeCalldata } from "./abi-probes";

export const SIMULATOR_ABI = new Interface([
  "function swapExactIn(address tokenIn, address pair, uint256 amountIn) returns (uint256 expectedOut, uint256 amountOut, uint256 received)",
  "function sellFrom(address tokenIn, address pair, address holder, uint256 amountIn) returns (uint256 expectedOut, uint256 amountOut)",
  "function transferTo(address token, address recipient, uint256 amount) returns (uint256 expectedOut, uint256 amountOut)",
]);

/**
 * Where Solidity keeps a token's mappings (balances, allowances): slots 0..20 of a plain layout, and the first ten
 * slots after each of up to four 50-word storage gaps (`uint256[50] __gap`), which OpenZeppelin's upgradeable bases
 * (Initializable, Context) put ahead of ERC20's own state: its balances then sit at 51, 101 or later. ERC-7201
 * namespaced storage (OpenZeppelin 5's upgradeable ERC20) is not searched.
 */
export const MAPPING_SLOT_CANDIDATES: readonly number[] = [
  ...Array.from({ length: 21 }, (_, slot) => slot),
  ...[50, 100, 150, 200].flatMap((gap) => Array.from({ length: 10 }, (_, i) => gap + 1 + i)),
];
/**
 * Gas one simulated trade or transfer may burn. A real token's sell, its swap-back and dividend payouts included, uses
 * well under 2M. A token whose every transfer loops (a rebase per few seconds of chain time since the last trade) would
 * otherwise run each simulation to the node's cap (30-50M): seconds of a provider's time per call, and on the embedded
 * chain, which records every step it runs, gigabytes of memory. A trade that needs more is reported as failed, as
 * OUT_OF_GAS (see SellSimulator).
 */
export const TRADE_GAS = 5_000_000n;
/** SellSimulator's reason for a token or pair call that spent all the gas it was given. */
const OUT_OF_GAS = "OUT_OF_GAS";

/** Why a simulated trade failed, as a report says it. */
export function tradeFailure(outcome: Extract<CallOutcome, { ok: false }>): string {
  if (outcome.reason === OUT_OF_GAS) return `ran out of gas (a simulated trade is given ${TRADE_GAS / 1_000_000n}M)`;
  if (outcome.reason !== undefined && outcome.reason !== null) return outcome.reason;
  return outcome.revertData === "0x" ? "reverted without reason" : `reverted (${outcome.revertData.slice(0, 10)})`;
}
/** An unmistakable balance: a probe that reads it back found the mapping. */
const PROBE_BALANCE = 10n ** 30n + 4_242n;

/** Carries an UpstreamFailure through async code, so the simulator can stay a plain async function. */
export class UpstreamError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.detail);
  }
}

export async function callOrThrow(
  chain: Pick<ChainReader, "call">,
  ...args: Parameters<ChainReader["call"]>
): Promise<CallOutcome> {
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

const SLOT_SEARCH_CALL = probeCalldata.balanceOf(SLOT_SEARCH_HOLDER);
/** The holder's entry in a mapping at each candidate slot, written with a value that names the slot. */
const SLOT_SEARCH_WRITES: Record<Hex, Hex> = Object.fromEntries(
  MAPPING_SLOT_CANDIDATES.map((slot) => [balanceKey(SLOT_SEARCH_HOLDER, slot), wordHex(PROBE_BALANCE + BigInt(slot))]),
);

/** balanceOf(search holder) with only `slot`'s entry written: true when it reads back exactly that entry. */
async function readsSlotAlone(chain: Pick<ChainReader, "call">, token: Address, slot: number): Promise<boolean> {
  const key = balanceKey(SLOT_SEARCH_HOLDER, slot);
  const one = await callOrThrow(
    chain,
    { to: token, data: SLOT_SEARCH_CALL },
    { [token]: { stateDiff: { [key]: SLOT_SEARCH_WRITES[key]! } } },
  );
  return one.ok && decodeWord(one.returnData) === PROBE_BALANCE + BigInt(slot);
}

/**
 * Finds the token's balance mapping: every candidate slot's entry for the search holder is overridden at once, each
 * with a value that names its slot, and balanceOf reads back the one it uses (one call). The slot it names is then
 * confirmed by writing it alone: overriding every slot also writes the holder's entries in other mappings (a
 * reflection token's "excluded from rewards" flag that makes balanceOf read a different mapping), and a balance the
 * simulations write later is written alone. A balanceOf that answers none of them (one that adds two mappings,
 * say), or whose answer is not confirmed, gets the search one slot at a time. Null for layouts this cannot see
 * (Vyper, packed, reflection).
 */
export async function findBalanceSlot(chain: Pick<ChainReader, "call">, token: Address): Promise<number | null> {
  const outcome = await callOrThrow(
    chain,
    { to: token, data: SLOT_SEARCH_CALL },
    { [token]: { stateDiff: SLOT_SEARCH_WRITES } },
  );
  const named = outcome.ok ? (decodeWord(outcome.returnData) ?? 0n) - PROBE_BALANCE : -1n;
  if (isCandidate(named) && (await readsSlotAlone(chain, token, Number(named)))) return Number(named);
  if (!outcome.ok) return null;
  const answers = await Promise.all(MAPPING_SLOT_CANDIDATES.map((slot) => readsSlotAlone(chain, token, slot)));
  return MAPPING_SLOT_CANDIDATES[answers.indexOf(true)] ?? null;
}

/** A slot number read back from a search: one of the candidates written. */
export function isCandidate(named: bigint): boolean {
  return named >= 0n && named < 1_000n && MAPPING_SLOT_CANDIDATES.includes(Number(named));
}

/** (expectedOut, amountOut) from a successful simulator call: the first two words of swapExactIn's or sellFrom's. */
export function decodeAmounts(
  outcome: Extract<CallOutcome, { ok: true }>,
): { expectedOut: bigint; amountOut: bigint } | null {
  try {
    const [expectedOut, amountOut] = SIMULATOR_ABI.decodeFunctionResult("sellFrom", outcome.returnData) as unknown as [
      bigint,
      bigint,
    ];
    return { expectedOut, amountOut };
  } catch {
    return null;
  }
}
