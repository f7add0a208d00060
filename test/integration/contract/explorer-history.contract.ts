import { expect } from "chai";
import type { ExplorerHistory } from "../../../src/application/ports/explorer-history.port";
import type { TokenTransfer } from "../../../src/domain/chain/chain-types";
import { SMALL_WORLD as W, UNIT } from "./support/small-world";
import { right } from "./support/task-either";

export interface ExplorerHistoryFixture {
  /** An ExplorerHistory that knows the small world (support/small-world.ts) and nothing else. */
  readonly history: ExplorerHistory;
  readonly close?: () => Promise<void>;
}

const TRANSFER_SELECTOR = "0xa9059cbb";
const ZERO = "0x0000000000000000000000000000000000000000";
const moves = (transfers: readonly TokenTransfer[]) =>
  transfers.map((t) => ({ from: t.from, to: t.to, value: t.value, tokenId: t.tokenId, block: t.blockNumber }));

/** One suite for every ExplorerHistory adapter: they must agree on the same world. */
export function explorerHistoryContract(adapterName: string, setup: () => Promise<ExplorerHistoryFixture>): void {
  describe(`ExplorerHistory contract: ${adapterName}`, function () {
    this.timeout(60_000);
    let fixture: ExplorerHistoryFixture;
    let history: ExplorerHistory;

    before(async () => {
      fixture = await setup();
      history = fixture.history;
    });

    after(async () => {
      await fixture?.close?.();
    });

    it("answers an address with no activity with empty, complete pages", async () => {
      const empty = { items: [], coverage: { complete: true, items: 0 } };
      expect(await right(history.transactionsOf(W.stranger))).to.deep.equal(empty);
      expect(await right(history.tokenTransfersOf(W.stranger))).to.deep.equal(empty);
      expect(await right(history.nftTransfersOf(W.stranger))).to.deep.equal(empty);
    });

    it("lists an address's transactions oldest first, creations and plain transfers included", async () => {
      const page = await right(history.transactionsOf(W.deployer));
      const b = W.blocks;
      expect(page.items.map((tx) => tx.blockNumber)).to.deep.equal([
        b.tokenDeployed,
        b.nftDeployed,
        b.toAlice,
        b.toBob,
        b.mintAlice,
        b.mintBob,
        b.gift,
      ]);
      expect(page.coverage).to.deep.equal({ complete: true, items: 7 });
      const [creation, , toAlice] = page.items;
      expect(creation).to.include({ from: W.deployer, to: null, contractCreated: W.token, success: true });
      expect(toAlice).to.include({
        from: W.deployer,
        to: W.token,
        selector: TRANSFER_SELECTOR,
        value: 0n,
        success: true,
      });
      expect(page.items.at(-1)).to.include({ to: W.carol, selector: "0x", value: W.gift });
      const times = page.items.map((tx) => tx.timestamp);
      expect(times).to.deep.equal([...times].sort((x, y) => x - y));
      expect(times[0]).to.be.greaterThan(1_600_000_000);
    });

    it("does not count token movements as the receiver's transactions", async () => {
      const page = await right(history.transactionsOf(W.alice));
      expect(page.items.map((tx) => [tx.blockNumber, tx.from, tx.to])).to.deep.equal([
        [W.blocks.aliceToBob, W.alice, W.token],
        [W.blocks.nftToCarol, W.alice, W.nft],
      ]);
    });

    it("lists ERC-20 transfers in and out of an address with exact bigint amounts", async () => {
      const page = await right(history.tokenTransfersOf(W.alice));
      expect(page.items.every((t) => t.standard === "ERC20" && t.token === W.token)).to.equal(true);
      expect(moves(page.items)).to.deep.equal([
        { from: W.deployer, to: W.alice, value: 300n * UNIT, tokenId: undefined, block: W.blocks.toAlice },
        { from: W.alice, to: W.bob, value: 50n * UNIT, tokenId: undefined, block: W.blocks.aliceToBob },
      ]);
      expect(page.items[0]?.txHash).to.match(/^0x[0-9a-f]{64}$/);
    });

    it("lists NFT transfers of an address, mints included", async () => {
      const page = await right(history.nftTransfersOf(W.alice));
      expect(page.items.every((t) => t.standard === "ERC721" && t.token === W.nft)).to.equal(true);
      expect(moves(page.items)).to.deep.equal([
        { from: ZERO, to: W.alice, value: 1n, tokenId: 1n, block: W.blocks.mintAlice },
        { from: W.alice, to: W.carol, value: 1n, tokenId: 1n, block: W.blocks.nftToCarol },
      ]);
      expect(await right(history.tokenTransfersOf(W.carol))).to.deep.equal({
        items: [],
        coverage: { complete: true, items: 0 },
      });
    });

    it("lists every transfer of a token contract, whatever its standard", async () => {
      const erc20 = await right(history.transfersOfToken(W.token));
      expect(erc20.items.map((t) => t.blockNumber)).to.deep.equal([
        W.blocks.tokenDeployed,
        W.blocks.toAlice,
        W.blocks.toBob,
        W.blocks.aliceToBob,
      ]);
      expect(erc20.items[0]).to.include({ from: ZERO, to: W.deployer, value: W.supply });
      const nft = await right(history.transfersOfToken(W.nft));
      expect(moves(nft.items).map((m) => [m.from, m.to, m.tokenId])).to.deep.equal([
        [ZERO, W.alice, 1n],
        [ZERO, W.bob, 2n],
        [W.alice, W.carol, 1n],
      ]);
    });

    it("finds who created a contract, and nothing for an EOA", async () => {
      const creation = await right(history.contractCreation(W.token));
      const [deployTx] = (await right(history.transactionsOf(W.deployer))).items;
      expect(creation).to.include({
        contract: W.token,
        creator: W.deployer,
        txHash: deployTx?.hash,
        blockNumber: W.blocks.tokenDeployed,
      });
      expect(await right(history.contractCreation(W.alice))).to.equal(null);
    });

    it("lists holders largest first with exact balances", async () => {
      expect(await right(history.holdersOf(W.token))).to.deep.equal({
        items: [
          { holder: W.deployer, balance: W.supply - 400n * UNIT },
          { holder: W.alice, balance: 250n * UNIT },
          { holder: W.bob, balance: 150n * UNIT },
        ],
        coverage: { complete: true, items: 3 },
      });
      const nftHolders = await right(history.holdersOf(W.nft));
      expect(nftHolders.items).to.deep.equal([
        { holder: W.bob, balance: 1n },
        { holder: W.carol, balance: 1n },
      ]);
    });

    it("keeps the newest items and reports truncation when the bound is hit", async () => {
      const transfers = await right(history.tokenTransfersOf(W.deployer, { limit: 2 }));
      expect(transfers.items.map((t) => t.blockNumber)).to.deep.equal([W.blocks.toAlice, W.blocks.toBob]);
      expect(transfers.coverage).to.deep.equal({
        complete: false,
        items: 2,
        truncatedAt: 2,
        fromBlock: W.blocks.toAlice,
      });
      const transactions = await right(history.transactionsOf(W.deployer, { limit: 3 }));
      expect(transactions.items.map((tx) => tx.blockNumber)).to.deep.equal([
        W.blocks.mintAlice,
        W.blocks.mintBob,
        W.blocks.gift,
      ]);
      expect(transactions.coverage.complete).to.equal(false);
      const holders = await right(history.holdersOf(W.token, { limit: 2 }));
      expect(holders.items.map((h) => h.holder)).to.deep.equal([W.deployer, W.alice]);
      expect(holders.coverage).to.deep.equal({ complete: false, items: 2, truncatedAt: 2 });
    });

    it("reports a bound that is exactly met as complete", async () => {
      const page = await right(history.tokenTransfersOf(W.alice, { limit: 2 }));
      expect(page.coverage).to.deep.equal({ complete: true, items: 2 });
    });
  });
}
