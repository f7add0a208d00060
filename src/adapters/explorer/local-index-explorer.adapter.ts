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
import type { BlockSubscriber } from "../../application/ports/block-stream.port";
import type { RetryPolicy } from "../shared/retry-with-backoff";
import { DEFAULT_HISTORY_LIMIT, holdersPage, limitOf, newestPage } from "./history-page";
import { HistoryIndex } from "./local-index/history-index";
import type { CreationSource, InternalCreationsSetting } from "./local-index/internal-creations";
import { RpcBlockStream } from "./local-index/rpc-block-stream";
import type { RpcTarget } from "../shared/rpc-endpoint-failover";

export interface LocalIndexExplorerOptions {
  /** One URL, or the RPC_URL list's failover shared with the other clients of the node. */
  readonly rpcUrl: RpcTarget;
  /** The process's block stream, when it has one (the index subscribes); otherwise the index follows its own. */
  readonly stream?: RpcBlockStream;
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
  /** Told about failed polls (the follower keeps trying); default: ignore. */
  readonly onError?: (error: unknown) => void;
  /** Contracts made by other contracts: `auto` (default) uses the best source the node serves; `off` skips them. */
  readonly internalCreations?: InternalCreationsSetting;
  /** Told once which source of factory-made creations the node serves. */
  readonly onCreationSource?: (source: CreationSource) => void;
}

export const LocalIndexExplorerOptions = Symbol.for("LocalIndexExplorerOptions");

/**
 * ExplorerHistory built from the blocks of any JSON-RPC node, in in-memory indexes: the explorer for
 * the embedded chain and for chains without one. It subscribes to the process's block stream (or,
 * standing alone, follows its own); start() catches up with the head, then new blocks show up within
 * a poll interval.
 */
@injectable()
export class LocalIndexExplorer implements ExplorerHistory {
  private readonly index: HistoryIndex;
  private readonly stream: RpcBlockStream;
  private readonly owned: boolean;
  private readonly defaultLimit: number;
  private readonly fromBlock: number;
  private synced: number;
  private readonly subscriber: BlockSubscriber;

  constructor(@inject(LocalIndexExplorerOptions) options: LocalIndexExplorerOptions) {
    this.fromBlock = options.fromBlock ?? 0;
    this.synced = this.fromBlock - 1;
    this.defaultLimit = options.defaultLimit ?? DEFAULT_HISTORY_LIMIT;
    this.owned = options.stream === undefined;
    this.stream = options.stream ?? new RpcBlockStream(options);
    // Journals as many blocks as the stream may take back.
    this.index = new HistoryIndex(this.stream.maxReorgDepth);
    this.subscriber = {
      name: "history index",
      position: () => this.synced,
      receive: async (blocks, _from, to) => {
        this.index.addRange(blocks);
        this.synced = to;
      },
      rollback: async ({ ancestor }) => {
        // Nothing before fromBlock was indexed, so nothing there to take back.
        const to = Math.max(ancestor.number, this.fromBlock - 1);
        this.index.rollback(to);
        this.synced = Math.min(this.synced, to);
      },
    };
    this.stream.subscribe(this.subscriber);
  }

  /** Catches up with the head (rejecting if the node cannot be read), then follows new blocks; a shared stream is started by its owner. */
  async start(): Promise<void> {
    if (this.owned) await this.stream.start();
  }

  async stop(): Promise<void> {
    if (this.owned) await this.stream.stop();
    else this.stream.unsubscribe(this.subscriber);
  }

  /** Indexes up to the current head now; resolves with the last indexed block. */
  async syncOnce(): Promise<number> {
    await this.stream.syncOnce();
    return this.synced;
  }

  /** Last indexed block, -1 before the first. */
  get syncedTo(): number {
    return this.synced;
  }

  /** True when the last poll found nothing newer than what is indexed. */
  caughtUp(): boolean {
    return this.stream.caughtUp;
  }

  /** Where factory-made creations come from; undefined until the first range was read. */
  get creationSource(): CreationSource | undefined {
    return this.stream.creationSource;
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
    if (this.synced < this.fromBlock)
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
