import { parseEther, toBeHex } from "ethers";
import type { CompiledContracts } from "../compile";
import type { UniswapArtifacts } from "../uniswap-artifacts";
import { Amm } from "./amm";
import type { ChainWriter, ContractHandle } from "./chain-writer";
import { worldWallet } from "./chain-writer";
import { EURC_ADDRESS, OFFICIAL_ISSUERS, USDC_ADDRESS, installFiatToken } from "./fiat-tokens";
import { USD, World } from "./world";

export interface Infrastructure {
  readonly world: World;
  readonly eurc: ContractHandle;
}

/** Every dev account gets this much USDC and EURC. */
export const DEV_STABLECOIN_BALANCE = 1_000_000n * USD;

function issuer(address: string) {
  const found = OFFICIAL_ISSUERS.find((i) => i.address === address);
  if (found === undefined) throw new Error(`no official issuer at ${address}`);
  return found;
}

/**
 * Block 1: stablecoins at their fixed addresses, WETH, the Uniswap V2 factory and router.
 * Block 2: stablecoins for every dev account and a USDC/WETH pool, the world's reference price.
 */
export async function bootstrapInfrastructure(
  writer: ChainWriter,
  artifacts: CompiledContracts,
  uniswap: UniswapArtifacts,
  devAccounts: readonly string[],
  origin: number,
  end: number,
): Promise<Infrastructure> {
  const fiat = artifacts["DevFiatToken"];
  const erc20 = artifacts["SeedToken"];
  if (fiat === undefined || erc20 === undefined) throw new Error("DevFiatToken/SeedToken not compiled");
  const admin = worldWallet("infrastructure-admin");
  await writer.rpc("hardhat_setBalance", [admin.address, toBeHex(parseEther("10000"))]);

  const usdc = await installFiatToken(writer, fiat, issuer(USDC_ADDRESS), admin);
  const eurc = await installFiatToken(writer, fiat, issuer(EURC_ADDRESS), admin);
  const weth = await writer.deploy(admin, uniswap.weth, [], 1_500_000n);
  const factory = await writer.deploy(admin, uniswap.factory, [admin.address], 4_500_000n);
  const router = await writer.deploy(admin, uniswap.router, [factory.address, weth.address], 5_500_000n);
  await writer.mine(origin + 60);

  const amm = new Amm(writer, factory, router, weth, writer.handle(USDC_ADDRESS, erc20.abi), uniswap.pairInitCodeHash);
  const world = new World(writer, artifacts, amm, usdc, admin, origin, end);
  for (const account of devAccounts) {
    await writer.call(admin, usdc, "mint", [account, DEV_STABLECOIN_BALANCE], { gas: 100_000n });
    await writer.call(admin, eurc, "mint", [account, DEV_STABLECOIN_BALANCE], { gas: 100_000n });
  }
  await world.mintUsdc(admin.address, 2_000_000n * USD);
  await amm.approve(admin, USDC_ADDRESS);
  await amm.addLiquidityEth(admin, USDC_ADDRESS, 2_000_000n * USD, parseEther("1000"));
  await writer.mine(origin + 120);
  return { world, eurc };
}
