import { Interface, id, zeroPadValue, type JsonRpcProvider, type Log } from "ethers";

export const TRANSFER = id("Transfer(address,address,uint256)");
export const ERC20 = new Interface([
  "function balanceOf(address) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
  "function getReserves() view returns (uint112,uint112,uint32)",
  "function token0() view returns (address)",
  "function stakingToken() view returns (address)",
]);

export const topicOf = (address: string): string => zeroPadValue(address, 32);
export const addressIn = (topic: string | undefined): string => `0x${(topic ?? "").slice(26)}`.toLowerCase();

/** ERC-20/721 Transfer logs of `token`, optionally narrowed by sender and/or recipient. */
export function transfers(provider: JsonRpcProvider, token: string, from?: string, to?: string): Promise<Log[]> {
  const topics = [TRANSFER, from === undefined ? null : topicOf(from), to === undefined ? null : topicOf(to)];
  return provider.getLogs({ address: token, topics, fromBlock: 0, toBlock: "latest" });
}

export function eventLogs(
  provider: JsonRpcProvider,
  address: string,
  signature: string,
  indexed?: string,
): Promise<Log[]> {
  const topics = [id(signature), ...(indexed === undefined ? [] : [topicOf(indexed)])];
  return provider.getLogs({ address, topics, fromBlock: 0, toBlock: "latest" });
}

export async function view(
  provider: JsonRpcProvider,
  to: string,
  fn: string,
  args: readonly unknown[] = [],
): Promise<bigint> {
  const result = await provider.call({ to, data: ERC20.encodeFunctionData(fn, args) });
  return BigInt(result.slice(0, 66));
}

export async function blockTime(provider: JsonRpcProvider, blockNumber: number): Promise<number> {
  const block = await provider.getBlock(blockNumber);
  if (block === null) throw new Error(`no block ${blockNumber}`);
  return block.timestamp;
}

export async function reserves(provider: JsonRpcProvider, pair: string): Promise<[bigint, bigint]> {
  const result = await provider.call({ to: pair, data: ERC20.encodeFunctionData("getReserves") });
  const [r0, r1] = ERC20.decodeFunctionResult("getReserves", result) as unknown as [bigint, bigint];
  return [r0, r1];
}
