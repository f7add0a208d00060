import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { ChainReader } from "../application/ports/chain-reader.port";
import type { ExplorerHistory } from "../application/ports/explorer-history.port";
import type { ReadinessProbe } from "../application/ports/readiness-probe.port";
import { EthersChainReader } from "../adapters/chain/ethers-chain-reader.adapter";
import { BlockscoutExplorer } from "../adapters/explorer/blockscout-explorer.adapter";
import { LocalIndexExplorer } from "../adapters/explorer/local-index-explorer.adapter";
import { relayFeed, rpcFeed, type BlockFeed } from "../adapters/explorer/local-index/block-feed";
import { BlockRelay } from "../adapters/explorer/local-index/block-relay";
import { PostgresIndexExplorer } from "../adapters/explorer/postgres-index-explorer.adapter";
import pg from "pg";
import { redactUrl } from "../adapters/shared/http-json";
import type { Config } from "./config/config";
import { GraphologyTransferGraph } from "../adapters/graph/graphology-transfer-graph.adapter";
import { followGraphFromRpc } from "./graph-follower";
import { marketSettings } from "./bindings/market-settings";

/** The chain side of a running service: where scores read state and history from. */
export interface ChainRuntime {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly chainReader: ChainReader;
  readonly explorer: ExplorerHistory;
  /** Set when the explorer is our own index (embedded chain, or a chain with no explorer). */
  readonly localIndex: LocalIndexExplorer | PostgresIndexExplorer | null;
  readonly probes: readonly ReadinessProbe[];
  /** The block stream Protocol Guard watches: the local index's own when there is one. */
  readonly blockFeed: BlockFeed;
  /** The transfer graph (graph trust), fed by the same block stream as the local index. */
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

/**
 * Reads the chain at RPC_URL (a remote node, or the embedded chain the composition root started)
 * through the same adapters either way; the index (when we index ourselves) is caught up before
 * we answer.
 */
export async function startChainRuntime(config: Config, logger: Logger): Promise<ChainRuntime> {
  const rpcUrl = config.env.RPC_URL;
  if (rpcUrl === undefined) throw new Error("RPC_URL is not set and no embedded chain supplied one");
  const chainId = config.env.CHAIN_ID;

  const reader = new EthersChainReader({ rpcUrl, chainId });
  const onError = (error: unknown) => logger.warn({ err: error }, "index poll failed");
  const onCreationSource = (source: string) =>
    logger.info(
      { source },
      source === "off"
        ? "index: contracts made by factories are not indexed"
        : "index: contracts made by factories come from this source",
    );
  const transferGraph = transferGraphFor(config);
  // Attached before the index starts, so the blocks of its catch-up reach the watcher and the graph too.
  const relay = new BlockRelay();
  // RPC mode with a database and no explorer: the chain index lives in PostgreSQL (durable, shared, any
  // chain length). The embedded chain is re-seeded at every start, so its index stays in memory.
  const indexPool =
    config.env.EXPLORER_API_URL === undefined && config.chainMode === "rpc" && config.env.DATABASE_URL !== undefined
      ? new pg.Pool({ connectionString: config.env.DATABASE_URL, max: 6 })
      : null;
  indexPool?.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection of the chain index lost"));
  const localIndex =
    config.env.EXPLORER_API_URL !== undefined
      ? null
      : indexPool !== null
        ? new PostgresIndexExplorer({
            rpcUrl,
            pool: indexPool,
            chainId,
            fromBlock: config.env.INDEX_FROM_BLOCK,
            onError,
            onCreationSource,
          })
        : new LocalIndexExplorer({
            rpcUrl,
            fromBlock: config.env.INDEX_FROM_BLOCK,
            onError,
            onCreationSource,
            onBlock: (block) => relay.add(block),
            alsoFeed: (block) => transferGraph.add(block),
          });
  // Only the in-memory index relays its blocks; beside an explorer or the PostgreSQL index (where one
  // instance writes and the others read) the watcher and the graph follow the chain themselves.
  const blockFeed = localIndex instanceof LocalIndexExplorer ? relayFeed(relay) : rpcFeed(rpcUrl, onError);
  let graphFollower: { stop(): Promise<void> } | null = null;
  const close = async () => {
    await graphFollower?.stop();
    await blockFeed.stop();
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
    if (localIndex !== null) {
      const started = performance.now();
      await localIndex.start();
      logger.info({ syncedTo: localIndex.syncedTo, ms: Math.round(performance.now() - started) }, "index caught up");
    }
    if (!(localIndex instanceof LocalIndexExplorer)) {
      graphFollower = await followGraphFromRpc(rpcUrl, transferGraph, config.env.GRAPH_LOOKBACK_BLOCKS, logger);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const explorer = localIndex ?? new BlockscoutExplorer({ apiUrl: config.env.EXPLORER_API_URL! });

  const probes: ReadinessProbe[] = [
    { name: "chain", required: true, check: async () => ({ ok: E.isRight(await reader.headBlock()()) }) },
    localIndex === null
      ? { name: "index", required: true, check: async () => ({ ok: true, mode: "explorer" }) }
      : {
          name: "index",
          required: true,
          check: async () => {
            const head = await reader.headBlock()();
            const lagBlocks = E.isRight(head) ? Math.max(0, head.right.number - localIndex.syncedTo) : null;
            const mode = localIndex instanceof PostgresIndexExplorer ? "postgres" : "memory";
            return { ok: localIndex.caughtUp(), mode, lagBlocks };
          },
        },
  ];
  return {
    rpcUrl,
    chainId,
    chainReader: reader,
    explorer,
    localIndex,
    probes,
    blockFeed,
    transferGraph,
    close,
  };
}
