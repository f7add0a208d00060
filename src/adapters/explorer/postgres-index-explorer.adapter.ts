import * as TE from "fp-ts/TaskEither";
import type { Pool, PoolClient } from "pg";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type { ExplorerHistory, HistoryQuery } from "../../application/ports/explorer-history.port";
import { asAddress, type Address } from "../../domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  Page,
  TokenHolding,
  TokenTransfer,
  TxHash,
} from "../../domain/chain/chain-types";
import { JsonRpcClient } from "../shared/json-rpc-client";
import { upstreamTask } from "../shared/upstream-task";
import { boundedPage, DEFAULT_HISTORY_LIMIT, holdersPage, limitOf } from "./history-page";
import type { BlockSubscriber } from "../../application/ports/block-stream.port";
import { RpcBlockSource } from "./local-index/rpc-block-source";
import type { CreationSource, InternalCreationsSetting } from "./local-index/internal-creations";
import { RpcBlockStream } from "./local-index/rpc-block-stream";
import { PostgresIndexWriter } from "./postgres-index/postgres-index-writer";
import {
  toHolding,
  toTransaction,
  toTransfer,
  TRANSACTION_COLUMNS,
  TRANSFER_COLUMNS,
  type TransactionRow,
  type TransferRow,
} from "./postgres-index/postgres-index-rows";
import type { RpcTarget } from "../shared/rpc-endpoint-failover";

export interface PostgresIndexExplorerOptions {
  /** One URL, or the RPC_URL list's failover shared with the other clients of the node. */
  readonly rpcUrl: RpcTarget;
  /** The process's block stream, when it has one (the writer subscribes); otherwise the index follows its own. */
  readonly stream?: RpcBlockStream;
  /** A pool on a database migrated by `migratePostgres`. */
  readonly pool: Pool;
  readonly chainId: number;
  /** INDEX_FROM_BLOCK: first block indexed; older history is reported as not covered. */
  readonly fromBlock: number;
  readonly pollIntervalMs?: number;
  /** Blocks (and receipts) per JSON-RPC batch; default 50. */
  readonly batchSize?: number;
  /** Batches in flight at once; default 4 (so at most 200 blocks are held in memory). */
  readonly maxConcurrent?: number;
  readonly defaultLimit?: number;
  readonly onError?: (error: unknown) => void;
  /** Contracts made by other contracts: `auto` (default) uses the best source the node serves; `off` skips them. */
  readonly internalCreations?: InternalCreationsSetting;
  /** Told once (by the writer) which source of factory-made creations the node serves. */
  readonly onCreationSource?: (source: CreationSource) => void;
}

/**
 * pg advisory lock key of the one writer among instances. Advisory locks are database-wide, so the key
 * is derived from the schema the index lives in: deployments (or test runs) in other schemas of the
 * same database each have their own writer instead of waiting on one another's.
 */
const WRITER_LOCK_KEY = "hashtextextended('credence:chain-index:' || current_schema(), 0)";
/** A reader counts as caught up while the writer's cursor is this close to the head. */
const READER_CAUGHT_UP_LAG = 5;

/**
 * ExplorerHistory from a chain index in PostgreSQL, for RPC mode without an explorer on a chain too
 * long for memory. Exactly one instance writes (it holds a session advisory lock; when it dies the
 * lock goes with its connection and the next instance to poll takes over), following blocks from
 * the durable cursor in bounded steps; every instance reads. Answers say the indexed range.
 */
export class PostgresIndexExplorer implements ExplorerHistory {
  private readonly client: JsonRpcClient;
  /** Reads the head only (a reader's lag); blocks come from the stream. */
  private readonly source: RpcBlockSource;
  private readonly stream: RpcBlockStream;
  private readonly owned: boolean;
  private readonly defaultLimit: number;
  private fromBlock: number;
  private writer: { subscriber: BlockSubscriber; lockHolder: PoolClient; written: number } | null = null;
  private cursor = -1;
  private head = -1;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: PostgresIndexExplorerOptions) {
    this.client = new JsonRpcClient({ url: options.rpcUrl, maxConcurrent: 2 });
    this.source = new RpcBlockSource(this.client, 1);
    this.owned = options.stream === undefined;
    this.stream = options.stream ?? new RpcBlockStream(options);
    this.fromBlock = options.fromBlock;
    this.defaultLimit = options.defaultLimit ?? DEFAULT_HISTORY_LIMIT;
  }

  /** Checks the cursor belongs to this chain, then catches up (as the writer) or follows the writer. */
  async start(): Promise<void> {
    const genesis = await this.client.request("eth_getBlockByNumber", ["0x0", false]);
    const genesisHash = (genesis as { hash?: unknown } | null)?.hash;
    if (typeof genesisHash !== "string") throw new Error("the node did not return block 0");
    await this.options.pool.query(
      `INSERT INTO chain_index_cursor (id, chain_id, genesis_hash, from_block, synced_to) VALUES (1, $1, $2, $3::bigint, $3::bigint - 1)
       ON CONFLICT (id) DO NOTHING`,
      [this.options.chainId, genesisHash, this.options.fromBlock],
    );
    const stored = await this.readCursor();
    if (stored.chainId !== this.options.chainId || stored.genesisHash !== genesisHash)
      throw new Error(
        `the chain index in DATABASE_URL belongs to chain ${stored.chainId} (${stored.genesisHash}), not this node's`,
      );
    // The range already indexed decides; a changed INDEX_FROM_BLOCK would leave a gap or an overlap.
    this.fromBlock = stored.fromBlock;
    await this.tryToWrite();
    if (this.owned) await this.stream.start();
    await this.refresh();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const writer = this.writer;
    this.writer = null;
    if (this.owned) await this.stream.stop();
    if (writer !== null) {
      this.stream.unsubscribe(writer.subscriber);
      await writer.lockHolder.query(`SELECT pg_advisory_unlock(${WRITER_LOCK_KEY})`).catch(() => undefined);
      writer.lockHolder.release();
    }
  }

  /** Last block in the index, -1 before the first. */
  get syncedTo(): number {
    return this.writer?.written ?? this.cursor;
  }

  caughtUp(): boolean {
    if (this.writer !== null) return this.stream.caughtUp;
    return this.head >= 0 && this.head - this.cursor <= READER_CAUGHT_UP_LAG;
  }

  /** Where factory-made creations come from (writer only); undefined until the first range was read. */
  get creationSource(): CreationSource | undefined {
    return this.stream.creationSource;
  }

  get isWriter(): boolean {
    return this.writer !== null;
  }

  // The columns are read as text under their own names, and ORDER BY takes an output column's name first: the
  // table-qualified names make the sort numeric (unqualified, block 10 sorted before block 4 and "9" above "10").
  transactionsOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<ChainTransaction>> {
    return this.page(query, async (limit) => {
      const result = await this.options.pool.query<TransactionRow>(
        `SELECT ${TRANSACTION_COLUMNS} FROM chain_index_transactions
         WHERE from_address = $1 OR to_address = $1 OR contract_created = $1
         ORDER BY chain_index_transactions.block_number DESC, tx_index DESC LIMIT $2`,
        [address, limit + 1],
      );
      return result.rows.map(toTransaction);
    });
  }

  tokenTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.transfers(query, "standard = 'ERC20' AND (from_address = $1 OR to_address = $1)", address);
  }

  nftTransfersOf(address: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.transfers(query, "standard <> 'ERC20' AND (from_address = $1 OR to_address = $1)", address);
  }

  transfersOfToken(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenTransfer>> {
    return this.transfers(query, "token = $1", token);
  }

  contractCreation(contract: Address): TE.TaskEither<UpstreamFailure, ContractCreation | null> {
    return this.read("contract creation", async () => {
      const result = await this.options.pool.query<{
        creator: string;
        origin: string | null;
        tx_hash: string;
        block_number: string | null;
        ts: string | null;
      }>(
        "SELECT creator, origin, tx_hash, block_number::text, ts::text FROM chain_index_creations WHERE contract = $1",
        [contract],
      );
      const row = result.rows[0];
      if (row === undefined) return null;
      return {
        contract,
        creator: asAddress(row.creator),
        ...(row.origin === null ? {} : { origin: asAddress(row.origin) }),
        txHash: row.tx_hash as TxHash,
        blockNumber: row.block_number === null ? null : Number(row.block_number),
        timestamp: row.ts === null ? null : Number(row.ts),
      };
    });
  }

  holdersOf(token: Address, query?: HistoryQuery): TE.TaskEither<UpstreamFailure, Page<TokenHolding>> {
    const limit = limitOf(query, this.defaultLimit);
    return this.read("holders", async () => {
      const result = await this.options.pool.query<{ holder: string; balance: string }>(
        `SELECT holder, balance::text FROM chain_index_balances WHERE token = $1 AND balance > 0
         ORDER BY chain_index_balances.balance DESC, holder LIMIT $2`,
        [token, limit + 1],
      );
      return holdersPage(result.rows.map(toHolding), limit, this.fromBlock > 0);
    });
  }

  private transfers(query: HistoryQuery | undefined, where: string, address: Address) {
    return this.page(query, async (limit) => {
      const result = await this.options.pool.query<TransferRow>(
        `SELECT ${TRANSFER_COLUMNS} FROM chain_index_transfers WHERE ${where}
         ORDER BY chain_index_transfers.block_number DESC, log_index DESC, part DESC LIMIT $2`,
        [address, limit + 1],
      );
      return result.rows.map(toTransfer);
    });
  }

  /** Newest `limit + 1` rows came back newest first: oldest first, bounded, with the indexed range stated. */
  private page<T extends { readonly blockNumber: number }>(
    query: HistoryQuery | undefined,
    load: (limit: number) => Promise<T[]>,
  ): TE.TaskEither<UpstreamFailure, Page<T>> {
    const limit = limitOf(query, this.defaultLimit);
    return this.read("history", async () => {
      const newestFirst = await load(limit);
      const page = boundedPage(newestFirst.reverse(), limit, false);
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
    });
  }

  /** Before the first block is indexed every answer would be an empty lie, so it is a failure. */
  private read<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    if (this.syncedTo < this.fromBlock)
      return TE.left(upstreamFailure("explorer", "chain index has not indexed any block yet"));
    return upstreamTask("explorer", `chain index ${what}`, run);
  }

  private async readCursor() {
    const result = await this.options.pool.query<{
      chain_id: string;
      genesis_hash: string;
      from_block: string;
      synced_to: string;
    }>("SELECT chain_id::text, genesis_hash, from_block::text, synced_to::text FROM chain_index_cursor WHERE id = 1");
    const row = result.rows[0];
    if (row === undefined) throw new Error("chain index cursor missing");
    return {
      chainId: Number(row.chain_id),
      genesisHash: row.genesis_hash,
      fromBlock: Number(row.from_block),
      syncedTo: Number(row.synced_to),
    };
  }

  /** Takes the writer's lock if nobody holds it, and subscribes the writer to the stream from the durable cursor. */
  private async tryToWrite(): Promise<void> {
    if (this.writer !== null || this.stopped) return;
    const lockHolder = await this.options.pool.connect();
    const taken = await lockHolder
      .query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${WRITER_LOCK_KEY}) AS ok`)
      .then((r) => r.rows[0]?.ok === true)
      .catch(() => false);
    if (!taken) {
      lockHolder.release();
      return;
    }
    const { syncedTo } = await this.readCursor();
    const sink = new PostgresIndexWriter(this.options.pool);
    const writer: { subscriber: BlockSubscriber; lockHolder: PoolClient; written: number } = {
      lockHolder,
      written: syncedTo,
      subscriber: {
        name: "chain index writer",
        position: () => writer.written,
        receive: async (blocks, from, to) => {
          await sink.addRange(blocks, from, to);
          writer.written = to;
        },
        rollback: async ({ ancestor }) => {
          // Nothing before from_block was indexed: the cursor never goes below it.
          const to = Math.max(ancestor.number, this.fromBlock - 1);
          await sink.rollback(to);
          writer.written = Math.min(writer.written, to);
        },
      },
    };
    this.writer = writer;
    this.stream.subscribe(writer.subscriber);
  }

  /** Readers learn the writer's progress (and take over when the writer is gone). */
  private async refresh(): Promise<void> {
    this.cursor = (await this.readCursor()).syncedTo;
    this.head = await this.source.headNumber();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.refresh()
        .then(() => this.tryToWrite())
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.schedule());
    }, this.options.pollIntervalMs ?? 1_000);
    this.timer.unref();
  }
}
