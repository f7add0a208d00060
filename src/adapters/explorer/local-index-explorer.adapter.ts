import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type { ExplorerHistory, HistoryQuery } from "../../application/ports/explorer-history.port";
import type { Address } from "../../domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  Page,
  TokenHolding,
  TokenTransfer,
} from "../../domain/chain/chain-types";
import type { BlockActivity } from "../../domain/protocol-guard/block-activity";
import { JsonRpcClient } from "../shared/json-rpc-client";
import type { RetryPolicy } from "../shared/retry-with-backoff";
import { DEFAULT_HISTORY_LIMIT, holdersPage, limitOf, newestPage } from "./history-page";
import { HistoryIndex } from "./local-index/history-index";
import type { IndexedBlock } from "./local-index/indexed-block";
import { BlockFollower } from "./local-index/block-follower";
import { RpcBlockSource } from "./local-index/rpc-block-source";
import {
  InternalCreationFinder,
  type CreationSource,
  type InternalCreationsSetting,
} from "./local-index/internal-creations";

export interface LocalIndexExplorerOptions {
  readonly rpcUrl: string;
  /** How often to look for new blocks once caught up; default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** First block to index (default 0). History before it is reported as not covered. */
  readonly fromBlock?: number;
  /** Stay this many blocks behind the head, for chains that reorganise; default 0. */
  readonly confirmations?: number;
  /** Blocks (and receipts) per JSON-RPC batch; default 50. */
  readonly batchSize?: number;
  /** Batches in flight at once; default 4. */
  readonly maxConcurrent?: number;
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Bound of a read when the query names none; default 10,000. */
  readonly defaultLimit?: number;
  /** Given every indexed block's raw activity, in order (the Protocol Guard watcher's feed). */
  readonly onBlock?: (block: BlockActivity) => void;
  /** Told about failed polls (the follower keeps trying); default: ignore. */
  readonly onError?: (error: unknown) => void;
  /** Also handed every indexed block, in order, once (the transfer graph follows the same stream). */
  readonly alsoFeed?: (block: IndexedBlock) => void;
  /** Contracts made by other contracts: `auto` (default) uses the best source the node serves; `off` skips them. */
  readonly internalCreations?: InternalCreationsSetting;
  /** Told once which source of factory-made creations the node serves. */
  readonly onCreationSource?: (source: CreationSource) => void;
}

export const LocalIndexExplorerOptions = Symbol.for("LocalIndexExplorerOptions");

/**
 * ExplorerHistory built by following blocks of any JSON-RPC node into in-memory indexes:
 * the explorer for the embedded chain and for chains without one. start() catches up with
 * the head, then keeps polling so activity after startup shows up within a poll interval.
 */
@injectable()
export class LocalIndexExplorer implements ExplorerHistory {
  private readonly index = new HistoryIndex();
  private readonly follower: BlockFollower;
  private readonly defaultLimit: number;
  private readonly fromBlock: number;
  private readonly innerCreations: InternalCreationFinder;

  constructor(@inject(LocalIndexExplorerOptions) options: LocalIndexExplorerOptions) {
    const maxConcurrent = options.maxConcurrent ?? 4;
    const client = new JsonRpcClient({
      url: options.rpcUrl,
      maxConcurrent,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
    });
    const batchSize = options.batchSize ?? 50;
    this.fromBlock = options.fromBlock ?? 0;
    this.defaultLimit = options.defaultLimit ?? DEFAULT_HISTORY_LIMIT;
    const onBlock = options.onBlock;
    const feed = options.alsoFeed;
    const sink =
      onBlock === undefined && feed === undefined
        ? this.index
        : {
            addRange: (blocks: readonly IndexedBlock[]) => {
              this.index.addRange(blocks);
              for (const block of blocks) {
                onBlock?.(block.activity);
                feed?.(block);
              }
            },
          };
    this.innerCreations = new InternalCreationFinder(
      client,
      options.internalCreations ?? "auto",
      options.onCreationSource,
    );
    this.follower = new BlockFollower(new RpcBlockSource(client, batchSize, this.innerCreations), sink, {
      fromBlock: this.fromBlock,
      confirmations: options.confirmations ?? 0,
      blocksPerStep: batchSize * maxConcurrent,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      onError: options.onError ?? (() => {}),
    });
  }

  /** Catches up with the head (rejecting if the node cannot be read), then follows new blocks. */
  start(): Promise<void> {
    return this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  /** Indexes up to the current head now; resolves with the last indexed block. */
  syncOnce(): Promise<number> {
    return this.follower.syncOnce();
  }

  /** Last indexed block, -1 before the first. */
  get syncedTo(): number {
    return this.follower.syncedTo;
  }

  /** True when the last poll found nothing newer than what is indexed. */
  caughtUp(): boolean {
    return this.follower.caughtUp;
  }

  /** Where factory-made creations come from; undefined until the first range was read. */
  get creationSource(): CreationSource | undefined {
    return this.innerCreations.source;
  }

  get transfersIndexed(): number {
    return this.index.transfersIndexed;
  }

  get creationsIndexed(): number {
    return this.index.creationsIndexed;
  }

  transactionsOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<ChainTransaction>> {
    return this.read((limit) => this.covered(newestPage(this.index.transactionsOf(address), limit)), query);
  }

  tokenTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.read((limit) => this.covered(newestPage(this.index.tokenTransfersOf(address), limit)), query);
  }

  nftTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.read((limit) => this.covered(newestPage(this.index.nftTransfersOf(address), limit)), query);
  }

  transfersOfToken(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.read((limit) => this.covered(newestPage(this.index.transfersOfToken(token), limit)), query);
  }

  contractCreation(contract: Address): TE.TaskEither<UpstreamFailure, ContractCreation | null> {
    return this.read(() => this.index.creationOf(contract), undefined);
  }

  holdersOf(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenHolding>> {
    return this.read((limit) => holdersPage(this.index.holdersOf(token), limit, this.fromBlock > 0), query);
  }

  /** Before the first block is indexed every answer would be an empty lie, so it is a failure. */
  private read<T>(answer: (limit: number) => T, query: HistoryQuery | undefined): TE.TaskEither<UpstreamFailure, T> {
    if (this.follower.syncedTo < this.fromBlock)
      return TE.left(upstreamFailure("explorer", "local index has not indexed any block yet"));
    return TE.right(answer(limitOf(query, this.defaultLimit)));
  }

  /** Indexing from a later block means older history is unknown: say so. */
  private covered<T extends { readonly blockNumber: number }>(page: Page<T>): Page<T> {
    if (this.fromBlock === 0 || !page.coverage.complete) return page;
    return {
      items: page.items,
      coverage: {
        complete: false,
        items: page.items.length,
        truncatedAt: page.items.length,
        fromBlock: this.fromBlock,
      },
    };
  }
}
