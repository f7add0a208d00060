import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "chai";
import nock from "nock";
import {
  BlockscoutExplorer,
  type BlockscoutExplorerOptions,
} from "../../../../src/adapters/explorer/blockscout-explorer.adapter";
import { left, right } from "../../contract/support/task-either";
import { SMALL_WORLD as W } from "../../contract/support/small-world";
import { fixture, FIXTURES } from "./support/blockscout-fixture-api";

const ORIGIN = "https://arcscan.fixture.test";
const API = `${ORIGIN}/api`;
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
const explorer = (options: Partial<BlockscoutExplorerOptions> = {}): BlockscoutExplorer =>
  new BlockscoutExplorer({ apiUrl: API, retry: FAST_RETRY, ...options });
const listQuery = (action: string, address: string, page: number, offset: number) => ({
  module: "account",
  action,
  address,
  page: String(page),
  offset: String(offset),
  sort: "desc",
});

describe("BlockscoutExplorer (nock fixtures)", () => {
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("reads 'No transactions found' as an empty, complete page", async () => {
    nock(ORIGIN)
      .get("/api")
      .query(listQuery("txlist", W.stranger, 1, 1000))
      .reply(200, fixture("no-transactions.json"));
    expect(await right(explorer().transactionsOf(W.stranger))).to.deep.equal({
      items: [],
      coverage: { complete: true, items: 0 },
    });
  });

  it("pages through a history newest first and returns it oldest first", async () => {
    const scope = nock(ORIGIN)
      .get("/api")
      .query(listQuery("txlist", W.deployer, 1, 3))
      .reply(200, fixture("txlist-page-1.json"))
      .get("/api")
      .query(listQuery("txlist", W.deployer, 2, 3))
      .reply(200, fixture("txlist-page-2.json"))
      .get("/api")
      .query(listQuery("txlist", W.deployer, 3, 3))
      .reply(200, fixture("txlist-page-3.json"));
    const page = await right(explorer({ pageSize: 3 }).transactionsOf(W.deployer));
    expect(page.items.map((tx) => tx.blockNumber)).to.deep.equal([1, 2, 3, 4, 6, 7, 9]);
    expect(page.coverage).to.deep.equal({ complete: true, items: 7 });
    expect(scope.isDone()).to.equal(true);
  });

  it("stops at Blockscout's result window and reports the history as truncated", async () => {
    nock(ORIGIN)
      .get("/api")
      .query(listQuery("txlist", W.deployer, 1, 3))
      .reply(200, fixture("txlist-page-1.json"))
      .get("/api")
      .query(listQuery("txlist", W.deployer, 2, 3))
      .reply(200, fixture("result-window-too-large.json"));
    const page = await right(explorer({ pageSize: 3 }).transactionsOf(W.deployer));
    expect(page.items.map((tx) => tx.blockNumber)).to.deep.equal([6, 7, 9]);
    expect(page.coverage).to.deep.equal({ complete: false, items: 3, truncatedAt: 10_000, fromBlock: 6 });
    nock(ORIGIN)
      .get("/api")
      .query(listQuery("txlist", W.deployer, 1, 3))
      .reply(200, fixture("txlist-page-1.json"));
    const windowed = await right(explorer({ pageSize: 3, resultWindow: 5 }).transactionsOf(W.deployer));
    expect(windowed.coverage.complete).to.equal(false);
  });

  it("retries an HTTP 429 and a 200 'Max rate limit reached', then succeeds", async () => {
    nock(ORIGIN)
      .get("/api")
      .query(true)
      .reply(429, fixture("rate-limited-429.json"), { "retry-after": "0" })
      .get("/api")
      .query(true)
      .reply(200, fixture("rate-limited-notok.json"))
      .get("/api")
      .query(true)
      .reply(200, fixture("no-token-transfers.json"));
    expect((await right(explorer().tokenTransfersOf(W.carol))).items).to.deep.equal([]);
  });

  it("reports a rate limit that does not lift as an explorer UpstreamFailure", async () => {
    const scope = nock(ORIGIN).get("/api").query(true).times(3).reply(200, fixture("rate-limited-notok.json"));
    const failure = await left(explorer().transactionsOf(W.alice));
    expect(failure).to.include({ _tag: "UpstreamFailure", source: "explorer" });
    expect(failure.detail).to.match(/rate limit/i);
    expect(scope.isDone()).to.equal(true);
  });

  it("retries a 5xx and reports a persistent one", async () => {
    nock(ORIGIN)
      .get("/api")
      .query(true)
      .reply(502, "<html>Bad Gateway</html>")
      .get("/api")
      .query(true)
      .reply(200, fixture("contract-creation-eoa.json"));
    expect(await right(explorer().contractCreation(W.alice))).to.equal(null);
    nock(ORIGIN).get("/api").query(true).times(3).reply(503, "unavailable");
    expect((await left(explorer().contractCreation(W.alice))).detail).to.match(/503/);
  });

  it("reports malformed answers as failures: a proxy's HTML page, a broken row, a foreign JSON", async () => {
    const html = readFileSync(path.join(FIXTURES, "malformed-proxy-page.html"), "utf8");
    nock(ORIGIN).get("/api").query(true).reply(200, html, { "content-type": "text/html" });
    expect((await left(explorer().transactionsOf(W.alice))).detail).to.match(/not JSON/);
    nock(ORIGIN).get("/api").query(true).reply(200, fixture("malformed-txlist-row.json"));
    expect((await left(explorer().transactionsOf(W.alice))).detail).to.match(/do not match/);
    nock(ORIGIN).get("/api").query(true).reply(200, { error: "internal" });
    expect((await left(explorer().holdersOf(W.token))).detail).to.match(/not an API envelope/);
  });

  it("reports an API error message (bad parameters) without retrying", async () => {
    const scope = nock(ORIGIN).get("/api").query(true).reply(200, fixture("invalid-address.json"));
    const failure = await left(explorer().transactionsOf(W.alice));
    expect(failure.detail).to.match(/Invalid address format/);
    expect(scope.isDone()).to.equal(true);
  });

  it("merges ERC-721 and ERC-1155 transfers, expanding batch rows", async () => {
    nock(ORIGIN)
      .get("/api")
      .query(listQuery("tokennfttx", W.carol, 1, 1000))
      .reply(200, fixture("small-world/tokennfttx.0x90f79bf6eb2c4f870365e785982e1f101e93b906.json"))
      .get("/api")
      .query(listQuery("token1155tx", W.carol, 1, 1000))
      .reply(200, fixture("token1155tx.json"));
    const page = await right(explorer().nftTransfersOf(W.carol));
    expect(page.items.map((t) => [t.standard, t.blockNumber, t.tokenId, t.value])).to.deep.equal([
      ["ERC721", 8, 1n, 1n],
      ["ERC1155", 8, 7n, 25n],
      ["ERC1155", 12, 8n, 3n],
      ["ERC1155", 12, 9n, 4n],
    ]);
    expect(page.coverage).to.deep.equal({ complete: true, items: 4 });
  });

  it("sends the API key and keeps it out of failure details", async () => {
    nock(ORIGIN)
      .get("/api")
      .query((q) => q["apikey"] === "s3cret")
      .times(3)
      .reply(500, "boom");
    const failure = await left(explorer({ apiKey: "s3cret" }).transactionsOf(W.alice));
    expect(failure.detail).to.not.include("s3cret");
  });
});
