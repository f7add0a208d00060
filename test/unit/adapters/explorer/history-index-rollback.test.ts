import { expect } from "chai";
import { HistoryIndex } from "../../../../src/adapters/explorer/local-index/history-index";
import { ZERO_ADDRESS, type Address } from "../../../../src/domain/chain/address";
import type { ChainTransaction, TokenTransfer, TxHash } from "../../../../src/domain/chain/chain-types";
import { FakeBlockChain, type BlockContent } from "../../../support/fakes/fake-block-chain";

const address = (byte: string) => `0x${byte.repeat(20)}` as Address;
const [ALICE, BOB, CAROL, TOKEN, NFT, MADE] = ["a1", "b0", "c4", "70", "4f", "de"].map(address) as [
  Address,
  Address,
  Address,
  Address,
  Address,
  Address,
];

/** Every block: a transaction from `from` (a deployment on even blocks), a token move and an NFT move. */
const activity =
  (from: Address, to: Address): BlockContent =>
  (number, hash) => {
    const txHash = `${hash}-tx` as TxHash;
    const at = { blockNumber: number, timestamp: 1_700_000_000 + number, txHash };
    const tx: ChainTransaction = {
      hash: txHash,
      blockNumber: number,
      timestamp: at.timestamp,
      from,
      to: number % 2 === 0 ? null : to,
      value: 1n,
      selector: "0x",
      success: true,
      ...(number % 2 === 0 ? { contractCreated: MADE } : {}),
    };
    const transfers: TokenTransfer[] = [
      { ...at, standard: "ERC20", token: TOKEN, from: number === 0 ? ZERO_ADDRESS : from, to, value: 5n, logIndex: 0 },
      {
        ...at,
        standard: "ERC721",
        token: NFT,
        from: ZERO_ADDRESS,
        to,
        value: 1n,
        tokenId: BigInt(number),
        logIndex: 1,
      },
    ];
    const creations =
      number % 2 === 0 ? [{ contract: MADE, creator: from, txHash, blockNumber: number, timestamp: at.timestamp }] : [];
    return { transactions: [tx], transfers, creations };
  };

/** Everything a reader of the index can see. */
function view(index: HistoryIndex) {
  const of = (a: Address) => ({
    txs: index.transactionsOf(a).map((t) => t.hash),
    erc20: index.tokenTransfersOf(a).map((t) => t.txHash),
    nft: index.nftTransfersOf(a).map((t) => t.txHash),
  });
  return {
    alice: of(ALICE),
    bob: of(BOB),
    carol: of(CAROL),
    made: of(MADE),
    token: index.transfersOfToken(TOKEN).map((t) => t.txHash),
    holders: index.holdersOf(TOKEN),
    nftHolders: index.holdersOf(NFT),
    creation: index.creationOf(MADE),
    transfers: index.transfersIndexed,
    creations: index.creationsIndexed,
  };
}

describe("HistoryIndex rollback (a reorganisation takes blocks back out)", () => {
  it("after a rollback and the new branch, it is the index of the new branch alone", () => {
    const chain = new FakeBlockChain(0).mine(12, "a", activity(ALICE, BOB));
    const index = new HistoryIndex(8);
    index.addRange(chain.blocks);
    // Blocks 9..11 are replaced: CAROL receives instead of BOB, and block 10 no longer deploys first.
    chain.fork(3, 4, "b", activity(BOB, CAROL));
    index.rollback(8);
    index.addRange(chain.blocks.slice(9));
    const fresh = new HistoryIndex(8);
    fresh.addRange(chain.blocks);
    expect(view(index)).to.deep.equal(view(fresh));
    expect(view(index).carol.erc20).to.have.length(4);
  });

  it("taking out blocks that first recorded a contract forgets that record, and balances come back exactly", () => {
    const chain = new FakeBlockChain(0).mine(3, "a", activity(ALICE, BOB));
    const index = new HistoryIndex(8);
    index.addRange(chain.blocks.slice(0, 1));
    const before = view(index);
    index.addRange(chain.blocks.slice(1));
    expect(index.holdersOf(TOKEN)).to.have.length(1);
    index.rollback(0);
    expect(view(index)).to.deep.equal(before);
    index.rollback(-1);
    expect(view(index)).to.deep.equal(view(new HistoryIndex(8)));
  });

  it("refuses to roll back past what it journaled (the stream never asks for more than its bound)", () => {
    const chain = new FakeBlockChain(0).mine(10, "a", activity(ALICE, BOB));
    const index = new HistoryIndex(4);
    index.addRange(chain.blocks);
    expect(() => index.rollback(4)).to.throw("journals blocks 6..9 only");
    expect(index.transactionsOf(ALICE)).to.have.length(10);
    index.rollback(5);
    expect(index.transactionsOf(ALICE)).to.have.length(6);
  });
});
