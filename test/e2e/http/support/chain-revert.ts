/** What the revert needs of a provider: ethers' JsonRpcProvider.send. */
interface RpcSender {
  send(method: string, params: unknown[]): Promise<unknown>;
}

/**
 * evm_revert, then empty blocks until the chain is past the head it had before. The service handles the revert as a
 * reorganisation (test/e2e/http/chain-reorg.test.ts), but only at its next poll (up to 1 s), and ethers keeps its last
 * `latest` block for 250 ms: until then an answer can still be pinned to a removed head and fail. The seeded world is
 * shared by every file of the run, so the next file's first requests could land there; past the old head they
 * cannot (the removed heights are never pinned again).
 */
export async function revertChain(provider: RpcSender, snapshot: string): Promise<void> {
  const before = Number(await provider.send("eth_blockNumber", []));
  await provider.send("evm_revert", [snapshot]);
  const after = Number(await provider.send("eth_blockNumber", []));
  if (before >= after) await provider.send("hardhat_mine", [`0x${(before - after + 1).toString(16)}`]);
}
