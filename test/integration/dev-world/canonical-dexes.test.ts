import { expect } from "chai";
import { Contract, MaxUint256, NonceManager, Wallet, parseEther } from "ethers";
import { devWorldSettings } from "../../../src/dev-world/dev-world-settings";
import { httpProvider, sharedDevWorld } from "./dev-world-fixture";

const ROUTER_ABI = [
  "function factory() view returns (address)",
  "function WETH() view returns (address)",
  "function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)",
  "function swapExactETHForTokens(uint256,address[],address,uint256) payable returns (uint256[])",
];
const FACTORY_ABI = [
  "function getPair(address,address) view returns (address)",
  "function feeToSetter() view returns (address)",
];
const TOKEN_ABI = [
  "function approve(address,uint256) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
];

describe("canonical DEXes on the embedded chain", function () {
  this.timeout(120_000);

  it("places Uniswap V2 and PancakeSwap V2 at their mainnet addresses, trading against the chain's WETH", async () => {
    const world = await sharedDevWorld();
    const byName = new Map(world.manifest.canonicalDexes.map((d) => [d.name, d]));
    const uniswap = byName.get("Uniswap V2");
    const pancake = byName.get("PancakeSwap V2");
    expect(uniswap?.factory).to.equal("0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f");
    expect(uniswap?.router).to.equal("0x7a250d5630b4cf539739df2c5dacb4c659f2488d");
    expect(uniswap?.pairInitCodeHash).to.equal(uniswap?.realPairInitCodeHash);
    expect(pancake?.factory).to.equal("0xca143ce32fe78f1f7019d7d551a6402fc5350c73");
    expect(pancake?.router).to.equal("0x10ed43c718714eb63d5aa57b78b54704e256024e");
    const provider = httpProvider(world);
    for (const dex of world.manifest.canonicalDexes) {
      const router = new Contract(dex.router, ROUTER_ABI, provider);
      expect((await router.getFunction("factory").staticCall()).toLowerCase()).to.equal(dex.factory);
      expect((await router.getFunction("WETH").staticCall()).toLowerCase()).to.equal(world.manifest.contracts.weth);
    }
  });

  it("lets a dev account add liquidity and buy through the canonical Router02, and the scorer is told the factory", async () => {
    const world = await sharedDevWorld();
    const provider = httpProvider(world);
    // The seeded world is shared by every dev-chain test file: what this test trades is rolled back after it.
    const snapshot = (await provider.send("evm_snapshot", [])) as string;
    try {
      await addLiquidityAndBuy(world, provider);
    } finally {
      await provider.send("evm_revert", [snapshot]);
    }
  });
});

async function addLiquidityAndBuy(
  world: Awaited<ReturnType<typeof sharedDevWorld>>,
  provider: ReturnType<typeof httpProvider>,
): Promise<void> {
  const wallet = new NonceManager(new Wallet(world.chain.accounts[12]!.privateKey, provider));
  const me = await wallet.getAddress();
  const eurc = new Contract(world.manifest.contracts.eurc, TOKEN_ABI, wallet);
  const uniswap = world.manifest.canonicalDexes[0]!;
  const router = new Contract(uniswap.router, ROUTER_ABI, wallet);
  await (await eurc.getFunction("approve")(uniswap.router, MaxUint256)).wait();
  const deadline = MaxUint256;
  await (
    await router.getFunction("addLiquidityETH")(world.manifest.contracts.eurc, 10_000_000_000n, 0n, 0n, me, deadline, {
      value: parseEther("5"),
    })
  ).wait();
  const factory = new Contract(uniswap.factory, FACTORY_ABI, provider);
  const pair = (await factory.getFunction("getPair")(
    world.manifest.contracts.eurc,
    world.manifest.contracts.weth,
  )) as string;
  expect(pair.toLowerCase()).to.not.equal(world.manifest.contracts.weth);
  expect(await provider.getCode(pair)).to.not.equal("0x");
  const before = (await eurc.getFunction("balanceOf")(me)) as bigint;
  const path = [world.manifest.contracts.weth, world.manifest.contracts.eurc];
  await (
    await router.getFunction("swapExactETHForTokens")(0n, path, me, deadline, {
      value: parseEther("0.1"),
    })
  ).wait();
  expect(((await eurc.getFunction("balanceOf")(me)) as bigint) > before).to.equal(true);
  expect(devWorldSettings(world).dexFactories).to.include(uniswap.factory);
}
