import type { Logger } from "pino";
import { BlockFollower } from "../adapters/explorer/local-index/block-follower";
import { RpcBlockSource } from "../adapters/explorer/local-index/rpc-block-source";
import type { GraphologyTransferGraph } from "../adapters/graph/graphology-transfer-graph.adapter";
import { JsonRpcClient } from "../adapters/shared/json-rpc-client";

/**
 * With a remote explorer (EXPLORER_API_URL) no local index follows blocks, so the transfer graph follows
 * the node with the index's own follower, starting `lookback` blocks behind the head (a remote chain's
 * whole history would take hours to read). Catches up before the service answers, then polls.
 */
export async function followGraphFromRpc(
  rpcUrl: string,
  graph: GraphologyTransferGraph,
  lookback: number,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const client = new JsonRpcClient({ url: rpcUrl, maxConcurrent: 4 });
  const source = new RpcBlockSource(client, 50);
  const head = await source.headNumber();
  const follower = new BlockFollower(
    source,
    { addRange: (blocks) => blocks.forEach((block) => graph.add(block)) },
    {
      fromBlock: Math.max(0, head - lookback),
      confirmations: 0,
      blocksPerStep: 200,
      pollIntervalMs: 2_000,
      onError: (error) => logger.warn({ err: error }, "graph follower poll failed"),
    },
  );
  await follower.start();
  return follower;
}
