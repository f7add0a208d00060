import { expect } from "chai";
import { type Address, ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import type { TokenTransfer } from "../../../../src/domain/chain/chain-types";
import type { NftProfile } from "../../../../src/domain/scoring/profiles/nft-profile";
import { scoreNft } from "../../../../src/domain/scoring/nft/score-nft";
import { DAY, PLAIN_ERC20_CODE, T0, addr, complete, creation, transfer, truncated } from "./support/builders";
import { codes } from "./support/wallet-fixtures";
import { probedNothing } from "./support/nft-capability-fixtures";

const COLLECTION = addr(0x4f70);
const CREATOR = addr(0xc4ea);
const NOW = T0 + 120 * DAY;
const collector = (i: number): Address => addr(0x50000 + i);

function move(from: Address, to: Address, tokenId: number, timestamp: number, value = 1n): TokenTransfer {
  return transfer({ standard: "ERC721", token: COLLECTION, from, to, value, tokenId: BigInt(tokenId), timestamp });
}

/** 30 items minted to 30 collectors over 60 days, a few resold onward. */
function organic(): TokenTransfer[] {
  const out: TokenTransfer[] = [];
  for (let i = 0; i < 30; i++) out.push(move(ZERO_ADDRESS, collector(i), i, T0 + i * 2 * DAY));
  for (let i = 0; i < 5; i++) out.push(move(collector(i), collector(100 + i), i, T0 + 70 * DAY + i * DAY));
  return out.sort((a, b) => a.timestamp - b.timestamp);
}

function nft(transfers: readonly TokenTransfer[], overrides: Partial<NftProfile> = {}): NftProfile {
  return {
    contract: COLLECTION,
    kind: "erc721",
    name: "Fixture Apes",
    bytecode: PLAIN_ERC20_CODE,
    creation: creation(COLLECTION, CREATOR, T0 - DAY),
    transfers: complete([...transfers].sort((a, b) => a.timestamp - b.timestamp)),
    creatorWalletScore: { score: 70, tier: "HIGH" },
    capabilities: probedNothing(),
    ...overrides,
  };
}

describe("scoreNft", () => {
  it("raises nothing for an organic collection, which is graduated", () => {
    const result = scoreNft(nft(organic()), NOW);
    expect(result.flags).to.deep.equal([]);
    expect(result.state).to.equal("graduated");
    expect(result.confidence).to.equal(100);
    expect(result.subjectType).to.equal("nft");
  });

  it("NFT_WASH_TRANSFERS fires when items bounce within a pair 3 times, naming the pair", () => {
    const a = collector(0);
    const b = collector(200);
    const bounces = [0, 1, 2].flatMap((k) => [
      move(a, b, 0, T0 + (80 + k * 2) * DAY),
      move(b, a, 0, T0 + (81 + k * 2) * DAY),
    ]);
    const flag = scoreNft(nft([...organic(), ...bounces]), NOW).flags.find((f) => f.code === "NFT_WASH_TRANSFERS");
    expect(flag?.evidence.counterparties).to.have.members([a, b]);
    expect(flag?.evidence.figures?.bounces).to.equal(3);
  });

  it("NFT_WASH_TRANSFERS does not fire for two bounces or for returns after 7 days", () => {
    const a = collector(0);
    const b = collector(200);
    const two = [0, 1].flatMap((k) => [move(a, b, 0, T0 + (80 + k * 2) * DAY), move(b, a, 0, T0 + (81 + k * 2) * DAY)]);
    const slow = [0, 1, 2].flatMap((k) => [
      move(a, b, 0, T0 + (80 + k * 20) * DAY),
      move(b, a, 0, T0 + (90 + k * 20) * DAY),
    ]);
    for (const extra of [two, slow])
      expect(codes(scoreNft(nft([...organic(), ...extra]), NOW))).not.to.include("NFT_WASH_TRANSFERS");
  });

  it("NFT_MINT_CONCENTRATION fires when one address received half the mints", () => {
    const mints = Array.from({ length: 12 }, (_, i) =>
      move(ZERO_ADDRESS, i < 7 ? collector(0) : collector(i), i, T0 + i * DAY),
    );
    const flag = scoreNft(nft(mints), NOW).flags.find((f) => f.code === "NFT_MINT_CONCENTRATION");
    expect(flag?.evidence.holders).to.deep.equal([collector(0)]);
    const spread = Array.from({ length: 12 }, (_, i) =>
      move(ZERO_ADDRESS, i < 5 ? collector(0) : collector(i), i, T0 + i * DAY),
    );
    expect(codes(scoreNft(nft(spread), NOW))).not.to.include("NFT_MINT_CONCENTRATION");
  });

  it("NFT_HOLDER_CONCENTRATION fires when one holder bought up most items, not when spread", () => {
    const mints = Array.from({ length: 10 }, (_, i) => move(ZERO_ADDRESS, collector(i), i, T0 + i * DAY));
    const sweep = Array.from({ length: 6 }, (_, i) => move(collector(i), collector(99), i, T0 + (20 + i) * DAY));
    const result = scoreNft(nft([...mints, ...sweep]), NOW);
    expect(result.flags.find((f) => f.code === "NFT_HOLDER_CONCENTRATION")?.evidence.holders).to.deep.equal([
      collector(99),
    ]);
    expect(codes(result)).not.to.include("NFT_MINT_CONCENTRATION");
    expect(codes(scoreNft(nft(mints), NOW))).not.to.include("NFT_HOLDER_CONCENTRATION");
  });

  it("NFT_CREATOR_DUMPING fires when the creator unloads its stock after launch, not at launch", () => {
    const minted = Array.from({ length: 10 }, (_, i) => move(ZERO_ADDRESS, CREATOR, i, T0 + i));
    const dump = Array.from({ length: 8 }, (_, i) => move(CREATOR, collector(i), i, T0 + 5 * DAY + i * 600));
    const flag = scoreNft(nft([...minted, ...dump]), NOW).flags.find((f) => f.code === "NFT_CREATOR_DUMPING");
    expect(flag?.evidence.figures?.items).to.equal(8);
    expect(flag?.evidence.txHashes).to.have.length(8);
    const launch = Array.from({ length: 8 }, (_, i) => move(CREATOR, collector(i), i, T0 + 3_600 + i * 60));
    expect(codes(scoreNft(nft([...minted, ...launch]), NOW))).not.to.include("NFT_CREATOR_DUMPING");
  });

  it("counts ERC-1155 holdings by amount", () => {
    const mints = [
      transfer({
        standard: "ERC1155",
        token: COLLECTION,
        from: ZERO_ADDRESS,
        to: collector(1),
        value: 80n,
        tokenId: 1n,
        timestamp: T0,
      }),
      transfer({
        standard: "ERC1155",
        token: COLLECTION,
        from: ZERO_ADDRESS,
        to: collector(2),
        value: 20n,
        tokenId: 1n,
        timestamp: T0 + DAY,
      }),
    ];
    const result = scoreNft(nft(mints, { kind: "erc1155" }), NOW);
    expect(result.flags.find((f) => f.code === "NFT_HOLDER_CONCENTRATION")?.evidence.figures?.topHolderShare).to.equal(
      0.8,
    );
  });

  it("answers sparse data with low confidence, never an error", () => {
    const result = scoreNft(
      nft([move(ZERO_ADDRESS, collector(1), 1, T0)], { creatorWalletScore: null, creation: null }),
      NOW,
    );
    expect(result.confidence).to.be.at.most(55);
    expect(result.state).to.equal("mining");
    expect(result.limitations.join(" ")).to.include("Sparse data");
  });

  it("says when the contract is not an NFT or the history was truncated", () => {
    const result = scoreNft(nft(organic(), { kind: "contract", transfers: truncated(organic(), 35) }), NOW);
    expect(result.limitations.join(" ")).to.include("not detected as ERC-721 or ERC-1155");
    expect(result.limitations.join(" ")).to.include("holdings are replayed from a partial history");
  });
});
