import { expect } from "chai";
import { BlockscoutExplorer } from "../../../../src/adapters/explorer/blockscout-explorer.adapter";
import { asAddress } from "../../../../src/domain/chain/address";
import { right } from "../../contract/support/task-either";

/**
 * Opt-in: runs only with LIVE_EXPLORER_URL set (e.g. https://testnet.arcscan.app/api), so the
 * default suite never needs the network. LIVE_EXPLORER_ADDRESS (a wallet with activity) and
 * LIVE_EXPLORER_TOKEN (an ERC-20) pick the subjects; the checks are about shape, not values.
 */
const apiUrl = process.env["LIVE_EXPLORER_URL"];
const wallet = process.env["LIVE_EXPLORER_ADDRESS"];
const token = process.env["LIVE_EXPLORER_TOKEN"];

describe("BlockscoutExplorer against a live explorer (LIVE_EXPLORER_URL)", function () {
  this.timeout(60_000);
  let explorer: BlockscoutExplorer;

  before(function () {
    if (apiUrl === undefined || apiUrl === "") this.skip();
    explorer = new BlockscoutExplorer({ apiUrl: apiUrl ?? "", maxConcurrent: 2, defaultLimit: 200, pageSize: 100 });
  });

  it("reads a wallet's transactions oldest first, within the bound", async function () {
    if (wallet === undefined) this.skip();
    const page = await right(explorer.transactionsOf(asAddress(wallet ?? "")));
    expect(page.items.length).to.equal(page.coverage.items).and.to.be.at.most(200);
    const blocks = page.items.map((tx) => tx.blockNumber);
    expect(blocks).to.deep.equal([...blocks].sort((a, b) => a - b));
  });

  it("reads a token's transfers and holders", async function () {
    if (token === undefined) this.skip();
    const subject = asAddress(token ?? "");
    const transfers = await right(explorer.transfersOfToken(subject, { limit: 50 }));
    expect(transfers.items.every((t) => t.token === subject)).to.equal(true);
    const holders = await right(explorer.holdersOf(subject, { limit: 20 }));
    const balances = holders.items.map((h) => h.balance);
    expect(balances).to.deep.equal([...balances].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(await right(explorer.contractCreation(subject))).to.have.property("contract", subject);
  });

  it("answers an address nobody ever used with an empty, complete page", async () => {
    const page = await right(explorer.tokenTransfersOf(asAddress("0x00000000000000000000000000000000deadc0de")));
    expect(page).to.deep.equal({ items: [], coverage: { complete: true, items: 0 } });
  });
});
