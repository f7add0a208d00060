import { LocalIndexExplorer } from "../../../src/adapters/explorer/local-index-explorer.adapter";
import { startEmbeddedChain } from "../../../src/dev-world/embedded-chain";
import { explorerHistoryContract } from "./explorer-history.contract";
import { factoryCreationsContract } from "./explorer-history.factory-creations.contract";
import { buildFactoryWorld } from "./support/factory-world";
import { buildSmallWorld, SMALL_WORLD } from "./support/small-world";

explorerHistoryContract("LocalIndexExplorer on the embedded chain", async () => {
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  await buildSmallWorld(chain);
  const history = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, pollIntervalMs: 200, batchSize: 4 });
  await history.start();
  if (history.syncedTo !== SMALL_WORLD.lastBlock) throw new Error(`indexed to ${history.syncedTo}`);
  return {
    history,
    close: async () => {
      await history.stop();
      await chain.close();
    },
  };
});

factoryCreationsContract("LocalIndexExplorer on the embedded chain", async () => {
  const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0 });
  const world = await buildFactoryWorld(chain);
  const history = new LocalIndexExplorer({ rpcUrl: chain.rpcUrl, pollIntervalMs: 200, batchSize: 3 });
  await history.start();
  if (history.syncedTo !== world.lastBlock) throw new Error(`indexed to ${history.syncedTo}`);
  return {
    history,
    world,
    creationSource: history.creationSource,
    close: async () => {
      await history.stop();
      await chain.close();
    },
  };
});
