import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { ChainReader } from "../application/ports/chain-reader.port";
import type { ExplorerHistory } from "../application/ports/explorer-history.port";
import type { ReadinessProbe } from "../application/ports/readiness-probe.port";
import { EthersChainReader } from "../adapters/chain/ethers-chain-reader.adapter";
import { BlockscoutExplorer } from "../adapters/explorer/blockscout-explorer.adapter";
import { LocalIndexExplorer } from "../adapters/explorer/local-index-explorer.adapter";
import { RpcBlockStream } from "../adapters/explorer/local-index/rpc-block-stream";
import type { ReorgEvent } from "../adapters/explorer/local-index/followed-block-stream";
import { PostgresIndexExplorer } from "../adapters/explorer/postgres-index-explorer.adapter";
import pg from "pg";
import { followerLease } from "./chain-follower";
import { redactUrl } from "../adapters/shared/http-json";
import { RpcEndpointFailover } from "../adapters/shared/rpc-endpoint-failover";
import type { Config } from "./config/config";
import { GraphologyTransferGraph } from "../adapters/graphology/graphology-transfer-graph.adapter";
import { transferGraphSubscriber } from "../adapters/graphology/transfer-graph-subscriber";
import { marketSettings } from "./market-settings";

/** The index is ready while at most this many blocks behind the head (see the readiness probe). */
const READY_LAG_BLOCKS = 2;

/** The chain side of a running service: where scores read state and history from. */
export interface ChainRuntime {
  /** The first RPC_URL (what a single-URL client, a script or the console line shows). */
  readonly rpcUrl: string;
  /** The whole RPC_URL list with its failover state, shared by every client of the node. */
  readonly rpcEndpoints: RpcEndpointFailover;
  readonly chainId: number;
  readonly chainReader: ChainReader;
  readonly explorer: ExplorerHistory;
  /** Set when the explorer is our own index (embedded chain, or a chain with no explorer). */
  readonly localIndex: LocalIndexExplorer | PostgresIndexExplorer | null;
  readonly probes: readonly ReadinessProbe[];
  /**
   * The one chain follower of the process: the local index, the transfer graph, Protocol Guard's watcher
   * and the staking index subscribe to it. Caught up (the index and the graph) before the service answers.
   */
  readonly blockStream: RpcBlockStream;
  /** The transfer graph (graph trust), a subscriber of the block stream. */
  readonly transferGraph: GraphologyTransferGraph;
  close(): Promise<void>;
}

/**
 * Edges are valued in dollars where a price is known before any block is read: native value (a dollar per
 * unit, as on Arc where gas is USDC) and the official issuers' stablecoins (6 decimals, a dollar each).
 */
function transferGraphFor(config: Config): GraphologyTransferGraph {
  const issuers = marketSettings(config).officialIssuers;
  return new GraphologyTransferGraph({
    maxNodes: config.env.GRAPH_MAX_NODES,
    pricing: {
      nativeDecimals: 18,
      nativeUnitUsd: 1,
      tokens: new Map(issuers.map((a) => [a, { decimals: 6, unitUsd: 1 }])),
    },
  });
}

/** One line per reorganisation: rolled back (depth, old head and the new branch's block), or refused (error). */
function logReorg(logger: Logger, event: ReorgEvent): void {
  if (event.kind === "too deep") {
    logger.error({ maxDepth: event.maxDepth, removed: event.removed }, event.message);
    return;
  }
  logger.warn(
    { depth: event.depth, ancestor: event.ancestor, oldHead: event.removed, replaced: event.replaced },
    "chain reorganised: the index, the transfer graph and the watcher rolled back to the common ancestor",
  );
}

/** The node's head block number (the graph's lookback is counted from it). */
async function blockStreamHead(reader: EthersChainReader): Promise<number> {
  const head = await reader.headBlock()();
  if (E.isLeft(head)) throw new Error(`RPC_URL did not answer: ${head.left.detail}`);
  return head.right.number;
}

/**
 * The chain answers its head block; each RPC_URL endpoint's state is shown beside it (URLs cut to scheme and host),
 * read after the head so an endpoint that just failed it shows as benched.
 */
export function chainReadinessProbe(reader: ChainReader, endpoints: RpcEndpointFailover): ReadinessProbe {
  return {
    name: "chain",
    required: true,
    check: async () => {
      const ok = E.isRight(await reader.headBlock()());
      return { ok, endpoints: endpoints.status() };
    },
  };
}

/**
 * A second RPC_URL serving another chain would answer pinned reads with another chain's state: refused at start.
 * One that does not answer yet is only logged (it is what failover is for); the list as a whole answered already.
 */
export async function checkEveryEndpointChain(urls: readonly string[], chainId: number, logger: Logger): Promise<void> {
  for (const [i, url] of urls.entries()) {
    const single = new EthersChainReader({
      rpcUrl: url,
      chainId,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    try {
      const actual = await single.chainId()();
      if (E.isLeft(actual))
        logger.warn({ endpoint: i + 1, detail: actual.left.detail }, "RPC endpoint did not answer at start");
      else if (actual.right !== chainId)
        throw new Error(
          `RPC_URL entry ${i + 1} (${redactUrl(url)}) serves chain ${actual.right}, but CHAIN_ID is ${chainId}`,
        );
    } finally {
      single.close();
    }
  }
}

/**
 * Reads the chain at RPC_URL (a remote node, or the embedded chain the composition root started)
 * through the same adapters either way; the index (when we index ourselves) is caught up before
 * we answer.
 */
export async function startChainRuntime(config: Config, logger: Logger): Promise<ChainRuntime> {
  const rpcUrls = config.env.RPC_URL;
  if (rpcUrls === undefined) throw new Error("RPC_URL is not set and no embedded chain supplied one");
  const chainId = config.env.CHAIN_ID;
  const rpcEndpoints = new RpcEndpointFailover(rpcUrls, {
    onFailover: (event) => logger.warn(event, "RPC endpoint failed; request sent to the next one"),
  });
  const rpcUrl = rpcEndpoints.primaryUrl;

  const reader = new EthersChainReader({
    rpcUrl: rpcEndpoints,
    chainId,
    tracer: config.env.TRACE_TRACER,
    onTracerChosen: (tracer) => logger.info({ tracer }, "debug_traceCall: the node is traced with this tracer"),
  });
  const onError = (error: unknown) => logger.warn({ err: error }, "index poll failed");
  const onCreationSource = (source: string) =>
    logger.info(
      { source },
      source === "off"
        ? "index: contracts made by factories are not indexed"
        : "index: contracts made by factories come from this source",
    );
  const transferGraph = transferGraphFor(config);
  // RPC mode with a database and no explorer: the chain index lives in PostgreSQL (durable, shared, any
  // chain length). The embedded chain is re-seeded at every start, so its index stays in memory.
  const indexPool =
    config.env.EXPLORER_API_URL === undefined && config.chainMode === "rpc" && config.env.DATABASE_URL !== undefined
      ? new pg.Pool({ connectionString: config.env.DATABASE_URL, max: 6 })
      : null;
  indexPool?.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection of the chain index lost"));
  const indexed = config.env.EXPLORER_API_URL === undefined;
  const follower = followerLease(config, logger);
  // Beside an explorer nothing needs factory-made creations (the graph never had them there).
  const blockStream = new RpcBlockStream({
    rpcUrl: rpcEndpoints,
    internalCreations: indexed ? "auto" : "off",
    ...(indexed ? { onCreationSource } : {}),
    onError: (error, subscriber) =>
      logger.warn({ err: error, ...(subscriber === undefined ? {} : { subscriber }) }, "block stream poll failed"),
    maxReorgDepth: config.env.REORG_MAX_DEPTH,
    pollIntervalMs: config.env.CHAIN_POLL_MS,
    onReorg: (event) => {
      // Pinned answers at the removed heights describe the removed branch (the same numbers now name other blocks).
      if (event.kind === "rolled back") reader.forgetPinnedAbove(event.ancestor.number);
      logReorg(logger, event);
    },
    ...(follower === null ? {} : { sourceFor: (node) => follower.sourceFor(node) }),
  });
  const indexOptions = { rpcUrl: rpcEndpoints, stream: blockStream, fromBlock: config.env.INDEX_FROM_BLOCK, onError };
  const localIndex = !indexed
    ? null
    : indexPool !== null
      ? new PostgresIndexExplorer({ ...indexOptions, pool: indexPool, chainId })
      : new LocalIndexExplorer(indexOptions);
  const close = async () => {
    await blockStream.stop();
    await follower?.stop();
    await localIndex?.stop();
    await indexPool?.end();
    reader.close();
  };
  try {
    const actualChainId = await reader.chainId()();
    if (E.isLeft(actualChainId))
      throw new Error(`RPC_URL ${redactUrl(rpcUrl)} did not answer: ${actualChainId.left.detail}`);
    if (actualChainId.right !== chainId) {
      throw new Error(
        `RPC_URL ${redactUrl(rpcUrl)} serves chain ${actualChainId.right}, but CHAIN_ID is ${chainId} (ARC_NETWORK=${config.env.ARC_NETWORK})`,
      );
    }
    if (rpcUrls.length > 1) await checkEveryEndpointChain(rpcUrls, chainId, logger);
    // The in-memory index sees every block it keeps; elsewhere the graph reads a lookback behind the head
    // (a remote chain's whole history would take hours to read).
    const graphFrom =
      localIndex instanceof LocalIndexExplorer
        ? config.env.INDEX_FROM_BLOCK
        : Math.max(0, (await blockStreamHead(reader)) - config.env.GRAPH_LOOKBACK_BLOCKS);
    blockStream.subscribe(transferGraphSubscriber(transferGraph, graphFrom - 1));
    await follower?.start();
    const started = performance.now();
    await localIndex?.start();
    await blockStream.start();
    if (localIndex !== null)
      logger.info({ syncedTo: localIndex.syncedTo, ms: Math.round(performance.now() - started) }, "index caught up");
  } catch (error) {
    await close();
    throw error;
  }
  const explorer = localIndex ?? new BlockscoutExplorer({ apiUrl: config.env.EXPLORER_API_URL! });

  const probes: ReadinessProbe[] = [
    chainReadinessProbe(reader, rpcEndpoints),
    localIndex === null
      ? { name: "index", required: true, check: async () => ({ ok: true, mode: "explorer" }) }
      : {
          name: "index",
          required: true,
          check: async () => {
            const head = await reader.headBlock()();
            const lagBlocks = E.isRight(head) ? Math.max(0, head.right.number - localIndex.syncedTo) : null;
            const mode = localIndex instanceof PostgresIndexExplorer ? "postgres" : "memory";
            // Working through the newest block or two is following, not behind: one chain follower now serves
            // the index, the graph, Protocol Guard and staking in turn, so a pass over a new block takes a moment.
            const following = lagBlocks !== null && lagBlocks <= READY_LAG_BLOCKS;
            return { ok: localIndex.caughtUp() || following, mode, lagBlocks };
          },
        },
  ];
  return {
    rpcUrl,
    rpcEndpoints,
    chainId,
    chainReader: reader,
    explorer,
    localIndex,
    probes,
    blockStream,
    transferGraph,
    close,
  };
}
