import type { Address } from "../../chain/address";
import type { Page, TokenTransfer } from "../../chain/chain-types";

/**
 * One AMM pool (Uniswap V2-style pair) of a token, read at the head block.
 * ChainReader: getReserves()/token0() eth_calls on the pair; ExplorerHistory: transfersOfToken(pool)
 * for `lpTransfers` (the pair is itself the LP token).
 */
export interface PoolFacts {
  readonly pool: Address;
  /** The other side of the pair (USDC, wrapped native, ...). */
  readonly quoteToken: Address;
  readonly tokenReserve: bigint;
  readonly quoteReserve: bigint;
  readonly quoteDecimals: number;
  /** Dollar price of one whole quote unit (1 for USDC), null when unknown. */
  readonly quoteUnitUsd: number | null;
  /**
   * Transfers of the pool's LP token: mints from the zero address mark liquidity additions, LP sent to
   * the pool and burned marks removals. Needed to tell liquidity moves from trades, and to see rugs.
   */
  readonly lpTransfers: Page<TokenTransfer>;
}

/** The market of one token as the domain needs it to find buys, sells, and liquidity moves. */
export interface TokenMarket {
  readonly token: Address;
  /** ExplorerHistory.transfersOfToken(token), oldest first. */
  readonly transfers: Page<TokenTransfer>;
  readonly pools: readonly PoolFacts[];
  /** Creator of the token contract (ExplorerHistory.contractCreation), when known. */
  readonly deployer: Address | null;
  /** owner() of the token, when it has one; the zero address means renounced. */
  readonly owner: Address | null;
}

/** Who performed a simulated call and why it was chosen. */
export type SimulationActorRole = "holder" | "fresh" | "deployer" | "owner";

/**
 * One eth_call of the sell simulation. The assembler runs, at the head block:
 *   - a buy through the router from a fresh address (given quote balance by state override);
 *   - a sell through the pool and a plain transfer from several real holders and from a fresh address
 *     given a token balance by state override (so a deployer whitelist cannot hide the trap).
 * `expectedOut` is what a fee-free token would deliver (router getAmountsOut, or the amount itself for a
 * transfer); `amountOut` what actually arrived (balance difference measured inside the call).
 */
export interface SimulationAttempt {
  readonly action: "buy" | "sell" | "transfer";
  readonly actor: Address;
  readonly actorRole: SimulationActorRole;
  /**
   * `approved`: the actor stayed a plain account and a router-like contract it approved (by state override) sold
   * for it, as real sells go. Absent: the simulator's code ran at the actor's own address, so the token saw a
   * contract as the sender.
   */
  readonly route?: "approved";
  readonly pool: Address | null;
  readonly amountIn: bigint;
  readonly expectedOut: bigint | null;
  readonly outcome:
    { readonly ok: true; readonly amountOut: bigint } | { readonly ok: false; readonly reason: string | null };
}

export interface SellSimulation {
  /** Block the calls ran against. */
  readonly blockNumber: number;
  readonly attempts: readonly SimulationAttempt[];
}
