import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { ChainReader } from "../application/ports/chain-reader.port";
import type { ExplorerHistory } from "../application/ports/explorer-history.port";
import type { ReadinessProbe } from "../application/ports/readiness-probe.port";
import { EthersChainReader } from "../adapters/chain/ethers-chain-reader.adapter";
import { BlockscoutExplorer } from "../adapters/explorer/blockscout-explorer.adapter";
import { LocalIndexExplorer } from "../adapters/explorer/local-index-explorer.adapter";
import { redactUrl } from "../adapters/shared/http-json";
import type { Config } from "./config/config";
import { startDevWorld, type DevWorld } from "../dev-world/dev-world";

/** The chain side of a running service: where scores read state and history from. */
export interface ChainRuntime {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly chainReader: ChainReader;
  readonly explorer: ExplorerHistory;
  /** Set when the explorer is our own index (embedded chain, or a chain with no explorer). */
  readonly localIndex: LocalIndexExplorer | null;
  /** Set in embedded mode: the seeded world's roles and contracts. */
  readonly devWorld: DevWorld | null;
  readonly probes: readonly ReadinessProbe[];
  close(): Promise<void>;
}

/**
 * Embedded mode starts and seeds the dev chain; RPC mode points at a remote node. Either way the
 * same adapters read it, and the index (when we index ourselves) is caught up before we answer.
 */
export async function startChainRuntime(config: Config, logger: Logger): Promise<ChainRuntime> {
  const devWorld =
    config.chainMode === "embedded"
      ? await startDevWorld({ host: config.env.DEV_CHAIN_HOST, port: config.env.DEV_CHAIN_PORT, chainId: config.env.CHAIN_ID })
      : null;
  if (devWorld !== null) logger.info({ rpcUrl: devWorld.chain.rpcUrl, timings: devWorld.timings }, "embedded chain seeded");
  const rpcUrl = devWorld?.chain.rpcUrl ?? config.env.RPC_URL!;
  const chainId = config.env.CHAIN_ID;

  const reader = new EthersChainReader({ rpcUrl, chainId });
  const localIndex =
    config.env.EXPLORER_API_URL === undefined
      ? new LocalIndexExplorer({ rpcUrl, onError: (error) => logger.warn({ err: error }, "index poll failed") })
      : null;
  const close = async () => {
    await localIndex?.stop();
    reader.close();
    await devWorld?.chain.close();
  };
  try {
    const actualChainId = await reader.chainId()();
    if (E.isLeft(actualChainId)) throw new Error(`RPC_URL ${redactUrl(rpcUrl)} did not answer: ${actualChainId.left.detail}`);
    if (actualChainId.right !== chainId) {
      throw new Error(`RPC_URL ${redactUrl(rpcUrl)} serves chain ${actualChainId.right}, but CHAIN_ID is ${chainId}`);
    }
    if (localIndex !== null) {
      const started = performance.now();
      await localIndex.start();
      logger.info({ syncedTo: localIndex.syncedTo, ms: Math.round(performance.now() - started) }, "index caught up");
    }
  } catch (error) {
    await close();
    throw error;
  }
  const explorer = localIndex ?? new BlockscoutExplorer({ apiUrl: config.env.EXPLORER_API_URL! });

  const probes: ReadinessProbe[] = [
    { name: "chain", isReady: async () => E.isRight(await reader.headBlock()()) },
    ...(localIndex === null ? [] : [{ name: "index", isReady: async () => localIndex.caughtUp() }]),
  ];
  return {
    rpcUrl,
    chainId,
    chainReader: reader,
    explorer,
    localIndex,
    devWorld,
    probes,
    close,
  };
}
