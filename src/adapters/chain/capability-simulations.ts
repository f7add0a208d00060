import type { ChainReader, StateOverrides } from "../../application/ports/chain-reader.port";
import type { Address } from "../../domain/chain/address";
import type { PoolFacts } from "../../domain/scoring";
import type {
  CooldownProbe,
  SellSizeProbe,
  SizedAttempt,
  TransferTrace,
  WhaleProbe,
} from "../../domain/scoring/profiles/capabilities";
import { asHex } from "../shared/hex-values";
import { CAPABILITY_PROBE_RUNTIME } from "./capability-probe-bytecode";
import { decodeTwice, twiceCalldata } from "./capability-probe-calls";
import { SELL_SIMULATOR_RUNTIME } from "./sell-simulator-bytecode";
import {
  SIMULATOR_ABI,
  TRADE_GAS,
  balanceKey,
  callOrThrow,
  randomActor,
  tradeFailure,
  wordHex,
} from "./sell-simulator-calls";
import { run } from "./run-task";

export const SIMULATOR_CODE = asHex(SELL_SIMULATOR_RUNTIME);
export const PROBE_CODE = asHex(CAPABILITY_PROBE_RUNTIME);
/** The large buy asks for this share of the supply (basis points). */
const WHALE_SHARE_BPS = 300n;

/** A fresh address holding `balance` of the token (by storage override) with the simulator's code. */
export function fundedActor(token: Address, balanceSlot: number, balance: bigint, actor = randomActor()) {
  const overrides: StateOverrides = {
    [actor]: { code: SIMULATOR_CODE },
    [token]: { stateDiff: { [balanceKey(actor, balanceSlot)]: wordHex(balance) } },
  };
  return { actor, overrides };
}

async function swap(
  chain: ChainReader,
  actor: Address,
  tokenIn: Address,
  pair: Address,
  amount: bigint,
  overrides: StateOverrides,
): Promise<SizedAttempt> {
  const data = asHex(SIMULATOR_ABI.encodeFunctionData("swapExactIn", [tokenIn, pair, amount]));
  const outcome = await callOrThrow(chain, { to: actor, from: actor, data, gas: TRADE_GAS }, overrides);
  return { amount, ok: outcome.ok, reason: outcome.ok ? null : tradeFailure(outcome) };
}

/** 1% then 100% of a fresh holder's balance, each in its own call. */
export async function sellSizes(
  chain: ChainReader,
  token: Address,
  pool: PoolFacts,
  balanceSlot: number,
  balance: bigint,
): Promise<SellSizeProbe> {
  const { actor, overrides } = fundedActor(token, balanceSlot, balance);
  const [small, all] = await Promise.all([
    swap(chain, actor, token, pool.pool, balance / 100n, overrides),
    swap(chain, actor, token, pool.pool, balance, overrides),
  ]);
  return { holder: actor, holderRole: "fresh", balance, small, all };
}

/** Two sells of 1% of a balance by one seller inside one call (CapabilityProbe.twice). */
export async function cooldown(
  chain: ChainReader,
  token: Address,
  pool: PoolFacts,
  balanceSlot: number,
  balance: bigint,
): Promise<CooldownProbe> {
  const { actor, overrides } = fundedActor(token, balanceSlot, balance);
  const runner = randomActor();
  const amount = balance / 100n;
  const outcome = await callOrThrow(
    chain,
    { to: runner, from: runner, data: twiceCalldata(actor, token, pool.pool, amount) },
    { ...overrides, [runner]: { code: PROBE_CODE } },
  );
  const result = outcome.ok ? decodeTwice(outcome.returnData) : { first: false, second: false };
  return { seller: actor, amount, ...result };
}

/** Quote needed for the pool to pay out `out` tokens (Uniswap V2 with its 0.3% fee), or null when it cannot. */
function quoteFor(out: bigint, reserveIn: bigint, reserveOut: bigint): bigint | null {
  if (out <= 0n || out >= reserveOut) return null;
  return (out * reserveIn * 1000n) / ((reserveOut - out) * 997n) + 1n;
}

/** A small buy and a buy of about 3% of the supply, each by a fresh address given the quote token. */
export async function whale(
  chain: ChainReader,
  pool: PoolFacts,
  quoteSlot: number,
  totalSupply: bigint,
): Promise<WhaleProbe | null> {
  const largeOut = (totalSupply * WHALE_SHARE_BPS) / 10_000n;
  // The pool must hold comfortably more than the large buy for it to be a fair request.
  if (pool.tokenReserve < largeOut * 2n) return null;
  const large = quoteFor(largeOut, pool.quoteReserve, pool.tokenReserve);
  const small = pool.quoteReserve / 1_000n;
  if (large === null || small <= 0n) return null;
  const buy = (amount: bigint) => {
    const buyer = randomActor();
    return swap(chain, buyer, pool.quoteToken, pool.pool, amount, {
      [buyer]: { code: SIMULATOR_CODE },
      [pool.quoteToken]: { stateDiff: { [balanceKey(buyer, quoteSlot)]: wordHex(amount) } },
    });
  };
  const [smallBuy, largeBuy] = await Promise.all([buy(small), buy(large)]);
  return { small: smallBuy, large: largeBuy, largeShareBps: Number(WHALE_SHARE_BPS) };
}

/** A real holder's plain transfer of a small part of its balance, traced; null when tracing is not served. */
export async function tracedTransfer(
  chain: ChainReader,
  token: Address,
  holder: Address,
  balance: bigint,
): Promise<TransferTrace | null> {
  const amount = balance / 100n > 0n ? balance / 100n : balance;
  const recipient = randomActor();
  const data = asHex(`0xa9059cbb${recipient.slice(2).padStart(64, "0")}${amount.toString(16).padStart(64, "0")}`);
  const trace = await run(chain.traceCall({ to: token, from: holder, data, gas: TRADE_GAS }));
  return trace === null ? null : { holder, amount, trace };
}
