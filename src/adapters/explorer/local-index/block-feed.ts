import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";
import { JsonRpcClient } from "../../shared/json-rpc-client";
import { BlockFollower } from "./block-follower";
import { BlockRelay } from "./block-relay";
import { RpcBlockSource } from "./rpc-block-source";

/** The block stream the Protocol Guard watcher listens to. */
export interface BlockFeed {
  /** The newest block seen so far (where a first start begins watching). */
  readonly latest: { readonly number: number; readonly hash: string } | undefined;
  /** Starts following (when the feed follows by itself) from `fromBlock`, and hands every block to `listener`. */
  start(fromBlock: number, listener: (block: BlockActivity) => void): Promise<void>;
  stop(): Promise<void>;
}

/** The local index's own stream: it is already followed, blocks arrive through the relay. */
export function relayFeed(relay: BlockRelay): BlockFeed {
  return {
    get latest() {
      return relay.latest;
    },
    start: async (_fromBlock, listener) => relay.attach(listener),
    stop: async () => relay.detach(),
  };
}

/**
 * With an external explorer nothing else follows blocks: this feed does, from the watcher's
 * cursor (so a restart skips nothing), through the same follower and RPC source as the index.
 */
export function rpcFeed(rpcUrl: string, onError: (error: unknown) => void, pollIntervalMs = 1_000): BlockFeed {
  const relay = new BlockRelay();
  const client = new JsonRpcClient({ url: rpcUrl, maxConcurrent: 2 });
  const source = new RpcBlockSource(client, 20);
  let follower: BlockFollower | undefined;
  return {
    get latest() {
      return relay.latest;
    },
    async start(fromBlock, listener) {
      const head = await source.headNumber();
      relay.attach(listener);
      follower = new BlockFollower(
        source,
        { addRange: (blocks) => blocks.forEach((block) => relay.add(block.activity)) },
        { fromBlock: fromBlock < 0 ? head : fromBlock, confirmations: 0, blocksPerStep: 40, pollIntervalMs, onError },
      );
      await follower.start();
    },
    async stop() {
      await follower?.stop();
      relay.detach();
    },
  };
}
