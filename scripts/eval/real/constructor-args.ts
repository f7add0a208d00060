import { encodeBytes32String } from "ethers";

/** What plausible constructor values are filled from (addresses are the eval's own wallets and the chain's DEX). */
export interface ArgContext {
  readonly contractName: string;
  readonly owner: string;
  readonly router: string;
  /** Any ERC-20 already on the chain (the chain's WETH): for arguments naming another token or an implementation. */
  readonly someToken: string;
  readonly chainId: number;
  readonly now: number;
  readonly blockNumber: number;
  /**
   * Second attempt, after the constructor reverted with wallets: address arguments other than the owner's
   * and the router get an existing contract (the chain's WETH), for constructors that require a contract
   * there (an implementation behind a proxy, a fee receiver that is called).
   */
  readonly contractsForAddresses?: boolean;
}

interface AbiInput {
  readonly name: string;
  readonly type: string;
}

const DECIMALS = 18n;
/** A meme-sized supply: 1e9 whole tokens. */
export const SUPPLY = 1_000_000_000n * 10n ** DECIMALS;
const ZERO = "0x0000000000000000000000000000000000000000";

function symbolOf(name: string): string {
  const letters = name.replace(/[^A-Za-z]/g, "").toUpperCase();
  return (letters.length > 0 ? letters : "TKN").slice(0, 6);
}

function addressFor(name: string, ctx: ArgContext): string {
  const n = name.toLowerCase();
  if (n.includes("router")) return ctx.router;
  if (n.includes("parent") || n.includes("tokenfactory")) return ZERO;
  if (n.includes("logic") || n === "_pld") return ctx.someToken;
  if (ctx.contractsForAddresses === true && !/owner|admin|creator|dev|team|wallet|marketing/.test(n))
    return ctx.someToken;
  return ctx.owner;
}

function uintFor(name: string, ctx: ArgContext): bigint {
  const n = name.toLowerCase();
  if (n.includes("decimal")) return DECIMALS;
  if (n.includes("chainid")) return BigInt(ctx.chainId);
  // A few blocks ahead: the deployment itself is mined in the next block, and "start > block.number" is common.
  if (n.includes("startblock")) return BigInt(ctx.blockNumber + 10);
  if (n.includes("endblock")) return BigInt(ctx.blockNumber + 20);
  if (/percent|fee|tax|bps/.test(n)) return 5n;
  if (n.includes("snapshotblock")) return 0n;
  if (n.includes("starttime")) return BigInt(ctx.now + 3_600);
  if (n.includes("ends") || n.includes("after") || n.includes("time")) return BigInt(ctx.now + 365 * 86_400);
  if (n === "cap") return 2n * SUPPLY;
  if (n.includes("airdrop")) return SUPPLY / 10n;
  return SUPPLY;
}

function valueFor(input: AbiInput, ctx: ArgContext): unknown {
  const n = input.name.toLowerCase();
  if (input.type === "address") return addressFor(input.name, ctx);
  if (input.type.startsWith("uint") || input.type.startsWith("int")) return uintFor(input.name, ctx);
  if (input.type === "string") return n.includes("symbol") ? symbolOf(ctx.contractName) : `${ctx.contractName} Token`;
  if (input.type === "bytes32")
    return encodeBytes32String(n.includes("symbol") ? symbolOf(ctx.contractName) : ctx.contractName.slice(0, 31));
  if (input.type === "bool") return !n.includes("finished");
  if (input.type === "bytes") return "0x";
  if (input.type === "address[]") return [ctx.owner];
  if (input.type.endsWith("[]")) return [];
  throw new Error(`no plausible value for constructor argument ${input.type} ${input.name}`);
}

/** Plausible constructor values: names and symbols from the contract, a 1e9 supply, the eval's owner for wallets, the canonical router. */
export function constructorArgs(abi: readonly Record<string, unknown>[], ctx: ArgContext): unknown[] {
  const ctor = abi.find((item) => item["type"] === "constructor") as { inputs?: AbiInput[] } | undefined;
  return (ctor?.inputs ?? []).map((input) => valueFor(input, ctx));
}
