import path from "node:path";
import nock from "nock";
import { BlockscoutExplorer } from "../../../src/adapters/explorer/blockscout-explorer.adapter";
import { FIXTURES, serveBlockscoutFixtures } from "../adapters/explorer/support/blockscout-fixture-api";
import { explorerHistoryContract } from "./explorer-history.contract";

const API = "https://arcscan.fixture.test/api";

for (const pageSize of [1_000, 2]) {
  explorerHistoryContract(`BlockscoutExplorer on nock fixtures (${pageSize} rows a page)`, async () => {
    nock.disableNetConnect();
    const { scope } = serveBlockscoutFixtures(API, path.join(FIXTURES, "small-world"));
    const history = new BlockscoutExplorer({
      apiUrl: API,
      pageSize,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    return {
      history,
      close: () => {
        scope.persist(false);
        nock.cleanAll();
        nock.enableNetConnect();
        return Promise.resolve();
      },
    };
  });
}
