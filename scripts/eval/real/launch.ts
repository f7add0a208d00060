import { MaxUint256, keccak256, parseEther, toUtf8Bytes, zeroPadValue } from "ethers";
import type { Interface } from "ethers";
import { type Chain, type EvalWallet, type Sent, evalWallet, iface } from "./chain";
import { type CompiledMain, PLACEHOLDER } from "./compilers";
import { type LaunchSwitch, launchSwitches } from "./launch-switches";
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

async function balanceOf(chain: Chain, token: string, holder: string): Promise<bigint> {
  const out = await chain.call(token, ERC20, "balanceOf", [holder]);
  return (out?.[0] as bigint | undefined) ?? 0n;
}

const TRANSFER_TOPIC = keccak256(toUtf8Bytes("Transfer(address,address,uint256)"));
const ZERO_TOPIC = zeroPadValue("0x", 32);

/** Deploys each linked library from the owner and puts its address in place of its placeholder. */
async function link(chain: Chain, owner: EvalWallet, compiled: CompiledMain): Promise<string | { error: string }> {
  const deployed = new Map<string, string>();
  const linkIn = async (code: string, depth: number): Promise<string | { error: string }> => {
    for (const p of new Set(code.match(PLACEHOLDER) ?? [])) {
      let at = deployed.get(p);
      const libCode = compiled.libraries?.[p];
      if (at === undefined) {
        if (libCode === undefined || depth > 4) return { error: `deploy: library for ${p} not in the compiler output` };
        const lib = await linkIn(libCode, depth + 1);
        if (typeof lib !== "string") return lib;
        const sent = await chain.send(owner, null, lib, 0n, 25_000_000n);
        if (!sent.ok || sent.contractAddress === null) return { error: `deploy: library ${p} reverted` };
        at = sent.contractAddress.toLowerCase();
        deployed.set(p, at);
      }
      code = code.split(p).join(at.slice(2));
    }
    return code;
  };
  return linkIn(compiled.bytecode, 0);
}

/** Who the deployment minted the supply to (Transfer events from zero), largest current balance first. */
async function mintedTo(chain: Chain, token: string, deployHash: string | null): Promise<string[]> {
  if (deployHash === null) return [];
  const receipt = await chain.rpc<{ logs: { address: string; topics: string[] }[] } | null>(
    "eth_getTransactionReceipt",
    [deployHash],
  );
  const recipients = new Set<string>();
  for (const log of receipt?.logs ?? [])
    if (log.address.toLowerCase() === token && log.topics[0] === TRANSFER_TOPIC && log.topics[1] === ZERO_TOPIC)
      recipients.add(`0x${(log.topics[2] ?? "").slice(26)}`.toLowerCase());
  const held = await Promise.all([...recipients].map(async (r) => ({ r, b: await balanceOf(chain, token, r) })));
  return held
    .filter((h) => h.b > 0n)
    .sort((a, b) => (b.b > a.b ? 1 : b.b < a.b ? -1 : 0))
    .map((h) => h.r);
}

/**
 * Deploys an entry from its owner, then launches it as its project would: liquidity against WETH on the
 * router its source names, from whoever holds the supply (the owner, or a hard-coded project wallet
 * acting through impersonation; a launch function that adds it from the token's own balance), and every
 * launch switch (a function named for opening trading), after the liquidity or, where liquidity is
 * refused until trading opens, before it. No other privileged function is called.
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
  const bytecode = await link(chain, owner, compiled);
  if (typeof bytecode !== "string") return bytecode;
  let deployed: Sent | null = null;
  let lastError = "?";
  // Wallets for address arguments first; if the constructor reverts, existing contracts for those not naming a wallet.
  for (const contractsForAddresses of [false, true]) {
    let args: unknown[];
    try {
      args = constructorArgs(compiled.abi, {
        ...ctx,
        contractName: entry.contractName,
        owner: owner.address,
        router,
        contractsForAddresses,
      });
    } catch (e) {
      return { error: `deploy: ${e instanceof Error ? e.message : String(e)}` };
    }
    const sent = await chain.send(owner, null, bytecode + contract.encodeDeploy(args).slice(2), 0n, 29_000_000n);
    if (sent.ok && sent.contractAddress !== null) {
      deployed = sent;
      break;
    }
    lastError = sent.error ?? "?";
  }
  if (deployed === null || deployed.contractAddress === null) return { error: `deploy reverted: ${lastError}` };
  const address = deployed.contractAddress.toLowerCase();
  const notes: string[] = [];
  const supply = await chain.call(address, ERC20, "totalSupply");
  const isToken = supply !== null && contract.hasFunction("transfer(address,uint256)");
  const launched: Launched = { entry, owner, address, router, contract, isToken, trading: false, notes, chainMs: 0 };
  const done = (trading: boolean): Launched => {
    launched.chainMs = Math.round(performance.now() - started);
    return { ...launched, trading };
  };
  if (!isToken) notes.push("not a token");
  if (!isToken || !withLiquidity) return done(false);

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
  const switches = launchSwitches(contract, source, ctx.now, ctx.blockNumber);
  const called = new Set<string>();
  const pull = async (only: (s: LaunchSwitch) => boolean): Promise<boolean> => {
    let any = false;
    for (const s of switches.filter((s) => only(s) && !called.has(s.name))) {
      called.add(s.name);
      const sent = await chain.send(owner, address, contract.encodeFunctionData(s.name, s.args), 0n, 8_000_000n);
      notes.push(`launch: ${s.name}${s.addsLiquidity ? " (adds liquidity itself)" : ""} ${sent.ok ? "ok" : "failed"}`);
      any ||= sent.ok && s.addsLiquidity;
    }
    return any;
  };

  // Who provides the liquidity: the owner, or the wallet (or the token contract) the supply was minted to.
  let provider: string = owner.address;
  if (held === 0n) {
    const holder = (await mintedTo(chain, address, deployed.hash))[0];
    const code = holder === undefined ? "0x" : await chain.rpc<string>("eth_getCode", [holder, "latest"]);
    if (holder === address) {
      if (!switches.some((s) => s.addsLiquidity)) {
        notes.push("no liquidity: the supply is held by the token contract and no launch function pools it");
        return done(false);
      }
      await chain.send(owner, address, "0x", parseEther("10"), 100_000n);
      const pooled = await pull((s) => s.addsLiquidity);
      await pull(() => true);
      return done(pooled);
    }
    if (holder === undefined || code !== "0x") {
      notes.push("no liquidity: supply not held by the deployer");
      return done(false);
    }
    provider = holder;
    held = await balanceOf(chain, address, holder);
    await chain.fund(holder, parseEther("100"));
    notes.push(`liquidity from the supply's hard-coded wallet ${holder} (impersonated)`);
  }
  // Capped so the reserves fit a pair's uint112 (some constructors scale a given supply by 10**decimals again).
  const toPool = min((held * 8n) / 10n, POOL_CAP);
  const asProvider = (to: string, data: string, value = 0n, gas = 8_000_000n): Promise<Sent> =>
    provider === owner.address ? chain.send(owner, to, data, value, gas) : chain.sendAs(provider, to, data, value, gas);

  if (switches.some((s) => s.addsLiquidity) && provider === owner.address) {
    await chain.send(owner, address, ERC20.encodeFunctionData("transfer", [address, toPool]));
    await chain.send(owner, address, "0x", parseEther("10"), 100_000n);
    const pooled = await pull((s) => s.addsLiquidity);
    await pull(() => true);
    if (pooled) return done(true);
  }
  const addLiquidity = async (): Promise<Sent> => {
    await asProvider(address, ERC20.encodeFunctionData("approve", [router, MaxUint256]), 0n, 200_000n);
    return asProvider(
      router,
      ROUTER.encodeFunctionData("addLiquidityETH", [address, toPool, 0n, 0n, provider, MaxUint256]),
      parseEther("10"),
    );
  };
  let added = await addLiquidity();
  if (!added.ok && switches.some((s) => !called.has(s.name))) {
    // Liquidity refused until trading opens: the switch first, then the liquidity again.
    notes.push("liquidity refused before the launch switch; switch first, then liquidity again");
    await pull(() => true);
    added = await addLiquidity();
  }
  if (!added.ok) notes.push(`addLiquidityETH failed: ${added.error ?? "?"}`.slice(0, 160));
  await pull(() => true);
  return done(added.ok);
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
