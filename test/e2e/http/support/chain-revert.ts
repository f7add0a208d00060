/** What the revert needs of a provider: ethers' JsonRpcProvider.send. */
interface RpcSender {
  send(method: string, params: unknown[]): Promise<unknown>;
}

/**
 * evm_revert, then empty blocks until the chain is past the head it had before. The service's index followed the
 * blocks the revert removed (it does not handle a chain that got shorter: a reorganisation, see the note on issue
 * 30), and until the chain is past them again every answer pinned to the head finds the index ahead of the chain and
 * answers 502. The seeded world is shared by every file of the run, so the next file would see those 502s.
 */
export async function revertChain(provider: RpcSender, snapshot: string): Promise<void> {
  const before = Number(await provider.send("eth_blockNumber", []));
  await provider.send("evm_revert", [snapshot]);
  const after = Number(await provider.send("eth_blockNumber", []));
  if (before >= after) await provider.send("hardhat_mine", [`0x${(before - after + 1).toString(16)}`]);
}
