import { type Address, ZERO_ADDRESS } from "../../../../../src/domain/chain/address";
import type { TokenTransfer, TxHash } from "../../../../../src/domain/chain/chain-types";
import type { PoolFacts, TokenMarket } from "../../../../../src/domain/scoring/profiles/market";
import { T0, complete, nextHash } from "./builders";

export const UNIT = 10n ** 18n;
export const USDC = "0x3600000000000000000000000000000000000000" as Address;

/** Writes a token's history the way a Uniswap V2 pair would leave it in the logs. */
export class MarketScript {
  readonly transfers: TokenTransfer[] = [];
  readonly lpTransfers: TokenTransfer[] = [];
  block = 100;
  time = T0;
  private logIndex = 0;
  private lpMinted = false;

  constructor(
    readonly token: Address,
    readonly pool: Address,
    readonly deployer: Address,
  ) {}

  /** Moves the clock: blocks and seconds. */
  advance(blocks: number, seconds: number): this {
    this.block += blocks;
    this.time += seconds;
    return this;
  }

  private push(list: TokenTransfer[], token: Address, from: Address, to: Address, value: bigint, txHash: TxHash): void {
    list.push({
      standard: "ERC20",
      token,
      from,
      to,
      value,
      txHash,
      logIndex: this.logIndex++,
      blockNumber: this.block,
      timestamp: this.time,
    });
  }

  send(from: Address, to: Address, amount: bigint): TxHash {
    const hash = nextHash();
    this.push(this.transfers, this.token, from, to, amount * UNIT, hash);
    return hash;
  }

  mint(to: Address, amount: bigint): TxHash {
    return this.send(ZERO_ADDRESS, to, amount);
  }

  buy(buyer: Address, amount: bigint): TxHash {
    return this.send(this.pool, buyer, amount);
  }

  sell(seller: Address, amount: bigint): TxHash {
    return this.send(seller, this.pool, amount);
  }

  /**
   * A sell that makes the token add liquidity itself (swap-and-liquify): the seller's tokens and the token
   * contract's own go into the pool, and LP is minted to `lpTo` (commonly the owner) in the same transaction.
   */
  sellWithAutoLiquidity(seller: Address, amount: bigint, fromToken: bigint, lpTo: Address, lp: bigint): TxHash {
    const hash = nextHash();
    this.push(this.transfers, this.token, seller, this.pool, amount * UNIT, hash);
    this.push(this.transfers, this.token, this.token, this.pool, fromToken * UNIT, hash);
    this.push(this.lpTransfers, this.pool, ZERO_ADDRESS, lpTo, lp, hash);
    return hash;
  }

  addLiquidity(provider: Address, amount: bigint, lp: bigint): TxHash {
    const hash = nextHash();
    this.push(this.transfers, this.token, provider, this.pool, amount * UNIT, hash);
    if (!this.lpMinted) this.push(this.lpTransfers, this.pool, ZERO_ADDRESS, ZERO_ADDRESS, 1000n, hash);
    this.lpMinted = true;
    this.push(this.lpTransfers, this.pool, ZERO_ADDRESS, provider, lp, hash);
    return hash;
  }

  removeLiquidity(provider: Address, lp: bigint, amount: bigint): TxHash {
    const hash = nextHash();
    this.push(this.lpTransfers, this.pool, provider, this.pool, lp, hash);
    this.push(this.lpTransfers, this.pool, this.pool, ZERO_ADDRESS, lp, hash);
    this.push(this.transfers, this.token, this.pool, provider, amount * UNIT, hash);
    return hash;
  }

  poolFacts(tokenReserve: bigint, quoteReserveUsd: bigint, quoteUnitUsd: number | null = 1): PoolFacts {
    return {
      pool: this.pool,
      quoteToken: USDC,
      tokenReserve: tokenReserve * UNIT,
      quoteReserve: quoteReserveUsd * 10n ** 6n,
      quoteDecimals: 6,
      quoteUnitUsd,
      lpTransfers: complete(this.lpTransfers),
    };
  }

  market(pools: readonly PoolFacts[], owner: Address | null = null): TokenMarket {
    return { token: this.token, transfers: complete(this.transfers), pools, deployer: this.deployer, owner };
  }
}
