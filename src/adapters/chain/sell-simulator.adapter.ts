import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import { ChainReader, type StateOverrides } from "../../application/ports/chain-reader.port";
import type { SellSimulationRequest, SellSimulator } from "../../application/ports/sell-simulator.port";
import type { Address } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { PoolFacts, SellSimulation, SimulationActorRole, SimulationAttempt } from "../../domain/scoring";
import { asHex } from "../shared/hex-values";
import { allowanceKey, findAllowanceSlot } from "./allowance-slot";
import { SELL_SIMULATOR_RUNTIME } from "./sell-simulator-bytecode";
import {
  SIMULATOR_ABI,
  TRADE_GAS,
  UpstreamError,
  tradeFailure,
  balanceKey,
  callOrThrow,
  decodeAmounts,
  findBalanceSlot,
  randomActor,
  wordHex,
} from "./sell-simulator-calls";

/** Trades are sized at 0.1% of the pool's reserve: small enough that price impact does not read as tax. */
const TRADE_SHARE_DIVISOR = 1_000n;
const CODE = asHex(SELL_SIMULATOR_RUNTIME);

interface Trade {
  readonly action: SimulationAttempt["action"];
  readonly actor: Address;
  /** The address the call goes to, when not the actor's own (a router the actor approved). */
  readonly via?: Address;
  readonly actorRole: SimulationActorRole;
  readonly amountIn: bigint;
  readonly data: Hex;
  readonly overrides: StateOverrides;
}

/**
 * SellSimulator over eth_call state overrides: the SellSimulator contract's runtime code is placed at
 * each actor's address, so one call per attempt trades as that actor and measures what arrived.
 */
@injectable()
export class EthersSellSimulator implements SellSimulator {
  /** Storage layouts do not change: a token's balance slot is probed once per process. */
  private readonly slots = new Map<Address, Promise<number | null>>();
  private readonly allowanceSlots = new Map<Address, Promise<number | null>>();

  constructor(@inject(ChainReader) private readonly chain: ChainReader) {}

  simulate(request: SellSimulationRequest): TE.TaskEither<UpstreamFailure, SellSimulation | null> {
    const pool = request.pools.find((p) => p.tokenReserve > 0n && p.quoteReserve > 0n);
    if (pool === undefined) return TE.right(null);
    return TE.tryCatch(
      async () => ({ blockNumber: request.blockNumber, attempts: await this.attempts(request, pool) }),
      (error) =>
        error instanceof UpstreamError ? error.failure : upstreamFailure("rpc", `sell simulation: ${String(error)}`),
    );
  }

  private async attempts(request: SellSimulationRequest, pool: PoolFacts): Promise<SimulationAttempt[]> {
    const [tokenSlot, quoteSlot, allowanceSlot] = await Promise.all([
      this.slotOf(request.token),
      this.slotOf(pool.quoteToken),
      remembered(this.allowanceSlots, request.token, () => findAllowanceSlot(this.chain, request.token)),
    ]);
    const recipient = randomActor();
    const sized = (balance: bigint): bigint => {
      const share = pool.tokenReserve / TRADE_SHARE_DIVISOR;
      // A small holder sells 99%, not all: a token that only refuses emptying a balance is CANNOT_SELL_ALL
      // (its own probe), not a honeypot.
      return balance < share ? balance - balance / 100n : share > 0n ? share : balance - balance / 100n;
    };
    const trades: Trade[] = [];
    const sellAndTransfer = (
      actor: Address,
      actorRole: SimulationActorRole,
      amountIn: bigint,
      overrides: StateOverrides,
    ): void => {
      if (amountIn <= 0n) return;
      trades.push({
        action: "sell",
        actor,
        actorRole,
        amountIn,
        overrides,
        data: swapData(request.token, pool.pool, amountIn),
      });
      trades.push({
        action: "transfer",
        actor,
        actorRole,
        amountIn,
        overrides,
        data: transferData(request.token, recipient, amountIn),
      });
    };
    // Real holders are plain accounts that sell through a router they approved: a token that treats contract
    // senders differently sees the seller itself there, not the simulator.
    const approvedSell = (
      actor: Address,
      actorRole: SimulationActorRole,
      amountIn: bigint,
      tokenWrites: Record<Hex, Hex> = {},
    ): void => {
      if (allowanceSlot === null || amountIn <= 0n) return;
      const router = randomActor();
      trades.push({
        action: "sell",
        actor,
        actorRole,
        via: router,
        amountIn,
        data: asHex(SIMULATOR_ABI.encodeFunctionData("sellFrom", [request.token, pool.pool, actor, amountIn])),
        overrides: {
          [router]: { code: CODE },
          [request.token]: {
            stateDiff: { ...tokenWrites, [allowanceKey(actor, router, allowanceSlot)]: wordHex(amountIn) },
          },
        },
      });
    };
    for (const seller of request.sellers) {
      const amountIn = sized(seller.balance);
      sellAndTransfer(seller.address, seller.role, amountIn, { [seller.address]: { code: CODE } });
      approvedSell(seller.address, seller.role, amountIn);
    }
    if (tokenSlot !== null) {
      const fresh = randomActor();
      const amount = sized(pool.tokenReserve);
      // Holds a little more than it sells, for the same reason small holders sell 99%.
      const holding = { [balanceKey(fresh, tokenSlot)]: wordHex(amount + amount / 50n) };
      sellAndTransfer(fresh, "fresh", amount, { [fresh]: { code: CODE }, [request.token]: { stateDiff: holding } });
      approvedSell(fresh, "fresh", amount, holding);
    }
    if (quoteSlot !== null) {
      const buyer = randomActor();
      const amountIn = pool.quoteReserve / TRADE_SHARE_DIVISOR;
      if (amountIn > 0n) {
        trades.push({
          action: "buy",
          actor: buyer,
          actorRole: "fresh",
          amountIn,
          data: swapData(pool.quoteToken, pool.pool, amountIn),
          overrides: {
            [buyer]: { code: CODE },
            [pool.quoteToken]: { stateDiff: { [balanceKey(buyer, quoteSlot)]: wordHex(amountIn) } },
          },
        });
      }
    }
    return Promise.all(trades.map((trade) => this.run(trade, pool.pool)));
  }

  private async run(trade: Trade, pool: Address): Promise<SimulationAttempt> {
    const outcome = await callOrThrow(
      this.chain,
      { to: trade.via ?? trade.actor, from: trade.actor, data: trade.data, gas: TRADE_GAS },
      trade.overrides,
    );
    const base = {
      action: trade.action,
      actor: trade.actor,
      actorRole: trade.actorRole,
      ...(trade.via === undefined ? {} : { route: "approved" as const }),
      pool: trade.action === "transfer" ? null : pool,
      amountIn: trade.amountIn,
    };
    if (!outcome.ok) {
      return { ...base, expectedOut: null, outcome: { ok: false, reason: tradeFailure(outcome) } };
    }
    const amounts = decodeAmounts(outcome);
    if (amounts === null)
      return { ...base, expectedOut: null, outcome: { ok: false, reason: "simulator returned no amounts" } };
    return { ...base, expectedOut: amounts.expectedOut, outcome: { ok: true, amountOut: amounts.amountOut } };
  }

  private slotOf(token: Address): Promise<number | null> {
    return remembered(this.slots, token, () => findBalanceSlot(this.chain, token));
  }
}

/** A token's slot, searched once per process; a failed search (node down) is not remembered as "no slot". */
function remembered(
  cache: Map<Address, Promise<number | null>>,
  token: Address,
  search: () => Promise<number | null>,
): Promise<number | null> {
  let slot = cache.get(token);
  if (slot === undefined) {
    slot = search();
    cache.set(token, slot);
    void slot.catch(() => cache.delete(token));
  }
  return slot;
}

function swapData(tokenIn: Address, pair: Address, amountIn: bigint): Hex {
  return asHex(SIMULATOR_ABI.encodeFunctionData("swapExactIn", [tokenIn, pair, amountIn]));
}

function transferData(token: Address, recipient: Address, amount: bigint): Hex {
  return asHex(SIMULATOR_ABI.encodeFunctionData("transferTo", [token, recipient, amount]));
}
