import { readFileSync } from "node:fs";
import path from "node:path";
import { keccak256 } from "ethers";
import { PROJECT_ROOT, type CompiledContract } from "./compile";

export interface UniswapArtifacts {
  readonly factory: CompiledContract;
  readonly router: CompiledContract;
  readonly weth: CompiledContract;
  readonly pair: CompiledContract;
  /** keccak256 of the pair creation code: what CREATE2 pair addresses are derived from. */
  readonly pairInitCodeHash: string;
}

/** The init-code hash UniswapV2Library hard-codes in the published Router02 build. */
const PUBLISHED_INIT_CODE_HASH = "96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";

function load(pkg: string, name: string): CompiledContract {
  const file = path.join(PROJECT_ROOT, "node_modules", "@uniswap", pkg, "build", `${name}.json`);
  const json = JSON.parse(readFileSync(file, "utf8"));
  const hex = (s: string) => (s.startsWith("0x") ? s : `0x${s}`);
  return {
    abi: json.abi,
    bytecode: hex(json.evm.bytecode.object),
    deployedBytecode: hex(json.evm.deployedBytecode.object),
  };
}

/**
 * The router computes pair addresses from a hard-coded init-code hash instead of asking the factory;
 * if the published pair bytecode ever differs from what the router expects, every router call would
 * target an empty address, so the hash is patched into the router bytecode.
 */
export function patchRouterInitCodeHash(routerBytecode: string, pairInitCodeHash: string): string {
  const wanted = pairInitCodeHash.replace(/^0x/, "").toLowerCase();
  if (routerBytecode.includes(wanted)) return routerBytecode;
  if (!routerBytecode.includes(PUBLISHED_INIT_CODE_HASH)) {
    throw new Error("UniswapV2Router02 bytecode holds neither the expected nor the published pair init-code hash");
  }
  return routerBytecode.split(PUBLISHED_INIT_CODE_HASH).join(wanted);
}

export function loadUniswapArtifacts(): UniswapArtifacts {
  const factory = load("v2-core", "UniswapV2Factory");
  const pair = load("v2-core", "UniswapV2Pair");
  if (!factory.bytecode.includes(pair.bytecode.slice(2))) {
    throw new Error("UniswapV2Factory does not embed the published UniswapV2Pair creation code");
  }
  const pairInitCodeHash = keccak256(pair.bytecode);
  const router = load("v2-periphery", "UniswapV2Router02");
  return {
    factory,
    pair,
    weth: load("v2-periphery", "WETH9"),
    router: { ...router, bytecode: patchRouterInitCodeHash(router.bytecode, pairInitCodeHash) },
    pairInitCodeHash,
  };
}
