import { MaxUint256, parseEther } from "ethers";
import type { Interface } from "ethers";
import { type Chain, type EvalWallet, evalWallet, iface } from "./chain";
import type { CompiledMain } from "./compilers";
import { type ArgContext, SUPPLY, constructorArgs } from "./constructor-args";
import type { CorpusEntry } from "./corpus";

const ROUTER = iface([
  "function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)",
  "function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256) payable",
  "function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)",
]);
export const ERC20 = iface([
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "function approve(address,uint256) returns (bool)",
  "function transfer(address,uint256) returns (bool)",
]);

/** Launch switches an owner calls as an ordinary launch step (plainly named, no argument or one bool). */
const LAUNCH_SWITCHES =
  /^(openTrading|enableTrading|startTrading|setTradingEnabled|setTradingOpen|setTrading|tradingStatus|launch|setSwapEnabled|enableSwap|setTradingStatus|openTrade|startTrade)$/i;

const POOL_CAP = 10n ** 30n;
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

export interface Dexes {
  readonly weth: string;
  /** router by lowercase hard-coded router address, plus `default` (Uniswap V2's canonical Router02). */
  readonly routers: ReadonlyMap<string, string>;
  readonly defaultRouter: string;
}

export interface Launched {
  readonly entry: CorpusEntry;
  readonly owner: EvalWallet;
  readonly address: string;
  readonly router: string;
  readonly contract: Interface;
  readonly isToken: boolean;
  /** Pool created and tradable: buyers come. */
  readonly trading: boolean;
  readonly notes: string[];
  chainMs: number;
}

export function routerFor(entry: CorpusEntry, dexes: Dexes): string {
  for (const h of entry.hardcodedAddresses) {
    const router = dexes.routers.get(h.address.toLowerCase());
    if (router !== undefined) return router;
  }
  return dexes.defaultRouter;
}

function sourceMentions(source: string, fn: string, what: string): boolean {
  const at = source.search(new RegExp(`function\\s+${fn}\\s*\\(`));
  return (
    at >= 0 &&
    source
      .slice(at, at + 2_500)
      .split(/\n\s*function\s/)[0]
      ?.includes(what) === true
  );
}

function launchSwitch(contract: Interface): { name: string; args: unknown[] } | null {
  for (const fragment of contract.fragments) {
    if (fragment.type !== "function") continue;
    const fn = contract.getFunction(fragment.format())!;
    if (!LAUNCH_SWITCHES.test(fn.name) || fn.stateMutability === "view") continue;
    if (fn.inputs.length === 0) return { name: fn.format(), args: [] };
    if (fn.inputs.length === 1 && fn.inputs[0]?.type === "bool") return { name: fn.format(), args: [true] };
  }
  return null;
}

async function balanceOf(chain: Chain, token: string, holder: string): Promise<bigint> {
  const out = await chain.call(token, ERC20, "balanceOf", [holder]);
  return (out?.[0] as bigint | undefined) ?? 0n;
}

/**
 * Deploys an entry from its owner, then launches it as its owner would: liquidity against WETH on the
 * router its source names (or the owner's transfer into a launch function that adds it itself), and the
 * launch switch if the token has one. No other privileged function is called.
 */
export async function deployAndLaunch(
  chain: Chain,
  entry: CorpusEntry,
  compiled: CompiledMain,
  source: string,
  dexes: Dexes,
  ctx: Omit<ArgContext, "contractName" | "owner" | "router">,
  withLiquidity: boolean,
): Promise<Launched | { error: string }> {
  const started = performance.now();
  const owner = evalWallet(`${entry.id}/owner`);
  await chain.fund(owner.address, parseEther("10000"));
  const router = routerFor(entry, dexes);
  const contract = iface(compiled.abi);
  let args: unknown[];
  try {
    args = constructorArgs(compiled.abi, { ...ctx, contractName: entry.contractName, owner: owner.address, router });
  } catch (e) {
    return { error: `deploy: ${e instanceof Error ? e.message : String(e)}` };
  }
  const data = compiled.bytecode + contract.encodeDeploy(args).slice(2);
  if (data.includes("__")) return { error: "deploy: unlinked library placeholder in the bytecode" };
  const deployed = await chain.send(owner, null, data, 0n, 25_000_000n);
  if (!deployed.ok || deployed.contractAddress === null) return { error: `deploy reverted: ${deployed.error ?? "?"}` };
  const address = deployed.contractAddress.toLowerCase();
  const notes: string[] = [];
  const supply = await chain.call(address, ERC20, "totalSupply");
  const isToken = supply !== null && contract.hasFunction("transfer(address,uint256)");
  const launched: Launched = { entry, owner, address, router, contract, isToken, trading: false, notes, chainMs: 0 };
  if (!isToken) notes.push("not a token");
  if (!isToken || !withLiquidity) {
    launched.chainMs = Math.round(performance.now() - started);
    return launched;
  }
  let held = await balanceOf(chain, address, owner.address);
  if (held === 0n && contract.hasFunction("deposit()")) {
    await chain.send(owner, address, contract.encodeFunctionData("deposit()"), parseEther("100"));
    held = await balanceOf(chain, address, owner.address);
  }
  if (held === 0n && contract.hasFunction("mint(address,uint256)") && (supply?.[0] as bigint) === 0n) {
    // Supply that starts at zero is issued by its minter: the launch's first step, not a hidden mint.
    await chain.send(owner, address, contract.encodeFunctionData("mint(address,uint256)", [owner.address, SUPPLY]));
    notes.push("initial supply minted by its minter before launch");
    held = await balanceOf(chain, address, owner.address);
  }
  if (held === 0n) {
    notes.push("no pool: the owner holds none of the supply");
    launched.chainMs = Math.round(performance.now() - started);
    return launched;
  }
  // Capped so the reserves fit a pair's uint112 (some constructors scale a given supply by 10**decimals again).
  const toPool = min((held * 8n) / 10n, POOL_CAP);
  const lever = launchSwitch(contract);
  const switchAddsLiquidity =
    lever !== null && sourceMentions(source, lever.name.split("(")[0] ?? "", "addLiquidityETH");
  let pooled = false;
  if (lever !== null && switchAddsLiquidity) {
    await chain.send(owner, address, ERC20.encodeFunctionData("transfer", [address, toPool]));
    await chain.send(owner, address, "0x", parseEther("10"), 100_000n);
    const opened = await chain.send(
      owner,
      address,
      contract.encodeFunctionData(lever.name, lever.args),
      0n,
      8_000_000n,
    );
    notes.push(`launch: ${lever.name} (adds liquidity itself) ${opened.ok ? "ok" : "failed"}`);
    pooled = opened.ok;
  } else {
    await chain.send(owner, address, ERC20.encodeFunctionData("approve", [router, MaxUint256]), 0n, 200_000n);
    const added = await chain.send(
      owner,
      router,
      ROUTER.encodeFunctionData("addLiquidityETH", [address, toPool, 0n, 0n, owner.address, MaxUint256]),
      parseEther("10"),
      8_000_000n,
    );
    pooled = added.ok;
    if (!added.ok) notes.push(`addLiquidityETH failed: ${added.error ?? "?"}`.slice(0, 160));
    if (lever !== null) {
      const opened = await chain.send(
        owner,
        address,
        contract.encodeFunctionData(lever.name, lever.args),
        0n,
        8_000_000n,
      );
      notes.push(`launch: ${lever.name} ${opened.ok ? "ok" : "failed"}`);
    }
  }
  launched.chainMs = Math.round(performance.now() - started);
  return { ...launched, trading: pooled };
}

export async function buy(chain: Chain, l: Launched, buyer: EvalWallet, wei: bigint, weth: string): Promise<boolean> {
  const data = ROUTER.encodeFunctionData("swapExactETHForTokensSupportingFeeOnTransferTokens", [
    0n,
    [weth, l.address],
    buyer.address,
    MaxUint256,
  ]);
  return (await chain.send(buyer, l.router, data, wei, 1_500_000n)).ok;
}

/** Sells `shareBps` of the buyer's balance back to WETH (approving the router first). */
export async function sell(
  chain: Chain,
  l: Launched,
  seller: EvalWallet,
  shareBps: bigint,
  weth: string,
): Promise<boolean> {
  const balance = await balanceOf(chain, l.address, seller.address);
  if (balance === 0n) return false;
  await chain.send(seller, l.address, ERC20.encodeFunctionData("approve", [l.router, MaxUint256]), 0n, 200_000n);
  const data = ROUTER.encodeFunctionData("swapExactTokensForETHSupportingFeeOnTransferTokens", [
    (balance * shareBps) / 10_000n,
    0n,
    [l.address, weth],
    seller.address,
    MaxUint256,
  ]);
  return (await chain.send(seller, l.router, data, 0n, 1_500_000n)).ok;
}

export { balanceOf };
