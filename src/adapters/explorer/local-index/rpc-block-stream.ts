import { JsonRpcClient } from "../../shared/json-rpc-client";
import type { RetryPolicy } from "../../shared/retry-with-backoff";
import { FollowedBlockStream, type BlockSource, type ReorgEvent } from "./followed-block-stream";
import { InternalCreationFinder, type CreationSource, type InternalCreationsSetting } from "./internal-creations";
import { RpcBlockSource } from "./rpc-block-source";
import type { RpcTarget } from "../../shared/rpc-endpoint-failover";

export interface RpcBlockStreamOptions {
  /** One URL, or the RPC_URL list's failover shared with the other clients of the node. */
  readonly rpcUrl: RpcTarget;
  /** How often to look for new blocks once caught up; default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** Stay this many blocks behind the head, for chains that reorganise; default 0. */
  readonly confirmations?: number;
  /** Deepest reorganisation rolled back (REORG_MAX_DEPTH); default 64. Deeper ones stop the stream. */
  readonly maxReorgDepth?: number;
  /** Told once per reorganisation rolled back or refused; default: ignore. */
  readonly onReorg?: (event: ReorgEvent) => void;
  /** Blocks (and receipts) per JSON-RPC batch; default 50. */
  readonly batchSize?: number;
  /** Batches in flight at once; default 4 (so at most 200 blocks are held in memory). */
  readonly maxConcurrent?: number;
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Contracts made by other contracts: `auto` (default) uses the best source the node serves; `off` skips them. */
  readonly internalCreations?: InternalCreationsSetting;
  /** Told once which source of factory-made creations the node serves. */
  readonly onCreationSource?: (source: CreationSource) => void;
  /** Told about failed polls and subscribers (the stream keeps trying); default: ignore. */
  readonly onError?: (error: unknown, subscriber?: string) => void;
  /** Where blocks really come from, given the node's source (one follower per deployment: the published stream). */
  readonly sourceFor?: (node: BlockSource) => BlockSource;
}

/** Two epochs of Ethereum: past them a block is final, and a chain that goes back further is not reorganising. */
export const DEFAULT_MAX_REORG_DEPTH = 64;

/** The block stream of a JSON-RPC node: blocks with receipts (and factory-made creations) in batches. */
export class RpcBlockStream extends FollowedBlockStream {
  private readonly creations: InternalCreationFinder;

  constructor(options: RpcBlockStreamOptions) {
    const maxConcurrent = options.maxConcurrent ?? 4;
    const batchSize = options.batchSize ?? 50;
    const client = new JsonRpcClient({
      url: options.rpcUrl,
      maxConcurrent,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    });
    const creations = new InternalCreationFinder(client, options.internalCreations ?? "auto", options.onCreationSource);
    const node = new RpcBlockSource(client, batchSize, creations);
    super(options.sourceFor?.(node) ?? node, {
      confirmations: options.confirmations ?? 0,
      blocksPerStep: batchSize * maxConcurrent,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      onError: options.onError ?? (() => {}),
      maxReorgDepth: options.maxReorgDepth ?? DEFAULT_MAX_REORG_DEPTH,
      onReorg: options.onReorg ?? (() => {}),
    });
    this.creations = creations;
  }

  /** Where factory-made creations come from; undefined until the first range was read. */
  get creationSource(): CreationSource | undefined {
    return this.creations.source;
  }
}
