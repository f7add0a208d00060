import { MaxUint256, getCreate2Address, solidityPackedKeccak256 } from "ethers";
import type { ChainWriter, ContractHandle, SendOptions, WorldWallet } from "./chain-writer";

/** The router checks `deadline >= block.timestamp`; seeded trades never race a clock. */
const NO_DEADLINE = MaxUint256;
const SWAP_GAS = 400_000n;

/** Uniswap V2 actions the seeded world performs: liquidity, buys and sells through Router02. */
export class Amm {
  constructor(
    private readonly writer: ChainWriter,
    readonly factory: ContractHandle,
    readonly router: ContractHandle,
    readonly weth: ContractHandle,
    private readonly erc20: ContractHandle,
    private readonly pairInitCodeHash: string,
  ) {}

  /** Same CREATE2 derivation as UniswapV2Library.pairFor. */
  pairFor(tokenA: string, tokenB: string): string {
    const [a, b] = tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA];
    const salt = solidityPackedKeccak256(["address", "address"], [a, b]);
    return getCreate2Address(this.factory.address, salt, this.pairInitCodeHash).toLowerCase();
  }

  approve(
    wallet: WorldWallet,
    token: string,
    spender: string = this.router.address,
    amount: bigint = MaxUint256,
  ): Promise<string> {
    return this.writer.call(wallet, { ...this.erc20, address: token }, "approve", [spender, amount], { gas: 100_000n });
  }

  addLiquidity(wallet: WorldWallet, tokenA: string, tokenB: string, amountA: bigint, amountB: bigint): Promise<string> {
    const args = [tokenA, tokenB, amountA, amountB, 0n, 0n, wallet.address, NO_DEADLINE];
    return this.writer.call(wallet, this.router, "addLiquidity", args, { gas: 4_000_000n });
  }

  addLiquidityEth(wallet: WorldWallet, token: string, amountToken: bigint, value: bigint): Promise<string> {
    const args = [token, amountToken, 0n, 0n, wallet.address, NO_DEADLINE];
    return this.writer.call(wallet, this.router, "addLiquidityETH", args, { value, gas: 4_000_000n });
  }

  /** The LP tokens must already be approved to the router (`approve(wallet, pair)`). */
  removeLiquidityEth(wallet: WorldWallet, token: string, liquidity: bigint): Promise<string> {
    const args = [token, liquidity, 0n, 0n, wallet.address, NO_DEADLINE];
    return this.writer.call(wallet, this.router, "removeLiquidityETHSupportingFeeOnTransferTokens", args, {
      gas: SWAP_GAS,
    });
  }

  /** Token-for-token swap along `path`; the fee-on-transfer variant is needed for taxed tokens. */
  swap(wallet: WorldWallet, amountIn: bigint, path: readonly string[], options: SendOptions = {}): Promise<string> {
    const fn = "swapExactTokensForTokensSupportingFeeOnTransferTokens";
    return this.writer.call(wallet, this.router, fn, [amountIn, 0n, path, wallet.address, NO_DEADLINE], {
      gas: SWAP_GAS,
      ...options,
    });
  }

  buyWithEth(wallet: WorldWallet, token: string, value: bigint): Promise<string> {
    const fn = "swapExactETHForTokensSupportingFeeOnTransferTokens";
    const path = [this.weth.address, token];
    return this.writer.call(wallet, this.router, fn, [0n, path, wallet.address, NO_DEADLINE], { value, gas: SWAP_GAS });
  }

  sellForEth(wallet: WorldWallet, token: string, amountIn: bigint, options: SendOptions = {}): Promise<string> {
    const fn = "swapExactTokensForETHSupportingFeeOnTransferTokens";
    const path = [token, this.weth.address];
    return this.writer.call(wallet, this.router, fn, [amountIn, 0n, path, wallet.address, NO_DEADLINE], {
      gas: SWAP_GAS,
      ...options,
    });
  }
}
