import { AbiCoder, zeroPadValue } from "ethers";
import type { Address } from "../../domain/chain/address";
import type { UniswapArtifacts } from "../uniswap-artifacts";
import type { ChainWriter } from "./chain-writer";

/**
 * A Uniswap V2-style DEX at the addresses real token sources hard-code, so such sources deploy
 * unchanged on the embedded chain (their constructors call `router.factory()` / `createPair`).
 */
export interface CanonicalDex {
  readonly name: string;
  /** Where the real one lives. */
  readonly homeChain: string;
  readonly factory: Address;
  readonly router: Address;
  /** What runs there: the published Uniswap V2 build (see `note` where the real DEX differs). */
  readonly code: "uniswap-v2";
  /** Swap fee of the placed code in basis points, and of the real DEX. */
  readonly feeBps: number;
  readonly realFeeBps: number;
  /** CREATE2 init-code hash of the pairs its factory creates (what its router hard-codes). */
  readonly pairInitCodeHash: string;
  readonly realPairInitCodeHash: string;
  readonly note: string | null;
}

interface Placement {
  readonly name: string;
  readonly homeChain: string;
  readonly factory: Address;
  readonly router: Address;
  readonly realFeeBps: number;
  readonly realPairInitCodeHash: string;
  readonly note: string | null;
}

/**
 * Appended after the seeded world, with hardhat_setCode/hardhat_setStorageAt only: no account
 * sends a transaction, so no nonce (and no seeded address) moves.
 */
export const CANONICAL_DEX_PLACEMENTS: readonly Placement[] = [
  {
    name: "Uniswap V2",
    homeChain: "Ethereum",
    factory: "0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f" as Address,
    router: "0x7a250d5630b4cf539739df2c5dacb4c659f2488d" as Address,
    realFeeBps: 30,
    realPairInitCodeHash: "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f",
    note: null,
  },
  {
    name: "PancakeSwap V2",
    homeChain: "BSC",
    factory: "0xca143ce32fe78f1f7019d7d551a6402fc5350c73" as Address,
    router: "0x10ed43c718714eb63d5aa57b78b54704e256024e" as Address,
    realFeeBps: 25,
    realPairInitCodeHash: "0x00fb7f630766e6a796048ea87d01acd3068e8ff67d078148a3fa3f4a84f69bd5",
    // @pancakeswap-libs/pancake-swap-core on npm is an earlier 0.2%-fee build (init hash 0xc595…)
    // and pulls truffle from git, so Uniswap V2's code stands in.
    note: "Uniswap V2 code at PancakeSwap's addresses: fee 0.30% (PancakeSwap: 0.25%), pair init-code hash Uniswap's (a source hard-coding PancakeSwap's hash would compute other pair addresses)",
  },
  {
    name: "SushiSwap",
    homeChain: "Ethereum (router address shared by several chains)",
    factory: "0xc35dadb65012ec5796536bd9864ed8773abc74c4" as Address,
    router: "0x1b02da8cb0d097eb8d57a175b88c7d8b47997506" as Address,
    realFeeBps: 30,
    realPairInitCodeHash: "0xe18a34eb0e04b04f7a0ac29a6e80748dca96319b42c520a4ae2c1a1e1d6d1f31",
    note: "Uniswap V2 code at SushiSwap's router and factory: same fee, pair init-code hash Uniswap's",
  },
];

/** UniswapV2Factory's second storage slot: feeToSetter (slot 0 feeTo stays zero: no protocol fee). */
const FEE_TO_SETTER_SLOT = "0x1";

/**
 * Places each canonical DEX: the factory's runtime code (plus its feeToSetter), and a Router02 whose
 * immutables name that factory and the chain's wrapped native token. The router's runtime code is
 * what its constructor returns, obtained with eth_call (a creation that is never mined).
 */
export async function placeCanonicalDexes(
  writer: ChainWriter,
  uniswap: UniswapArtifacts,
  weth: string,
  feeToSetter: string,
): Promise<CanonicalDex[]> {
  const placed: CanonicalDex[] = [];
  for (const dex of CANONICAL_DEX_PLACEMENTS) {
    await writer.rpc("hardhat_setCode", [dex.factory, uniswap.factory.deployedBytecode]);
    await writer.rpc("hardhat_setStorageAt", [dex.factory, FEE_TO_SETTER_SLOT, zeroPadValue(feeToSetter, 32)]);
    const args = AbiCoder.defaultAbiCoder().encode(["address", "address"], [dex.factory, weth]);
    const runtime = await writer.rpc<string>("eth_call", [{ data: uniswap.router.bytecode + args.slice(2) }, "latest"]);
    if (runtime.length <= 2) throw new Error(`Router02 for ${dex.name} returned no runtime code`);
    await writer.rpc("hardhat_setCode", [dex.router, runtime]);
    placed.push({
      name: dex.name,
      homeChain: dex.homeChain,
      factory: dex.factory,
      router: dex.router,
      code: "uniswap-v2",
      feeBps: 30,
      realFeeBps: dex.realFeeBps,
      pairInitCodeHash: uniswap.pairInitCodeHash,
      realPairInitCodeHash: dex.realPairInitCodeHash,
      note: dex.note,
    });
  }
  return placed;
}
