import { expect } from "chai";
import type { Address } from "../../../src/domain/chain/address";
import type { ScoredAddress } from "../../../src/application/use-cases/scoring/scored-address";
import type { NftCapabilityCollectionRoles } from "../../../src/dev-world/dev-world";
import { type ScoringRig, scoringRig } from "./support/scoring-world";

const CAPABILITY_CODES = [
  "NFT_PRIVILEGED_MINT",
  "NFT_OVERSUPPLY_MINT",
  "NFT_METADATA_MUTABLE",
  "NFT_PRIVILEGED_BURN",
  "NFT_OPERATOR_BACKDOOR",
  "NFT_ANYONE_CAN_TAKE",
];

describe("NFT capability detection on the seeded collections (issue 17 item 4)", function () {
  this.timeout(180_000);
  let rig: ScoringRig;
  let nfts: NftCapabilityCollectionRoles;
  const cache = new Map<Address, ScoredAddress>();

  async function score(address: Address): Promise<ScoredAddress> {
    const known = cache.get(address);
    if (known !== undefined) return known;
    const answer = await rig.scoreAddress.execute(address)();
    if (answer._tag === "Left") throw new Error(`scoring ${address} failed: ${JSON.stringify(answer.left)}`);
    cache.set(address, answer.right);
    return answer.right;
  }
  const capabilityCodes = async (address: Address) =>
    (await score(address)).flags.map((f) => f.code).filter((c) => CAPABILITY_CODES.includes(c));
  const flag = async (address: Address, code: string) => (await score(address)).flags.find((f) => f.code === code);

  before(async function () {
    this.timeout(240_000);
    rig = await scoringRig();
    nfts = rig.manifest.nftCapabilityCollections;
  });

  it("NFT_PRIVILEGED_MINT for airdropReserve(), proven against a random caller, and nothing else", async () => {
    expect(await capabilityCodes(nfts.reserveDropCollection)).to.deep.equal(["NFT_PRIVILEGED_MINT"]);
    const mint = await flag(nfts.reserveDropCollection, "NFT_PRIVILEGED_MINT");
    expect(mint?.evidence.detail).to.match(
      /Proven by simulation: 0x[0-9a-f]{8} .* as owner 0x[0-9a-f]{40}: .*totalSupply \d+ -> \d+/,
    );
    expect(mint?.evidence.detail).to.include("random address");
  });

  it("NFT_OVERSUPPLY_MINT for teamAllocation(): totalSupply above MAX_SUPPLY() = 30", async () => {
    const over = await flag(nfts.teamAllocationCollection, "NFT_OVERSUPPLY_MINT");
    expect(over?.evidence.figures).to.include({ getter: "MAX_SUPPLY()", maxSupply: "30", supplyAfter: "31" });
    expect(await capabilityCodes(nfts.teamAllocationCollection)).to.include("NFT_PRIVILEGED_MINT");
  });

  it("NFT_METADATA_MUTABLE for refreshArt(), with the token it changed", async () => {
    const mutable = await flag(nfts.refreshArtCollection, "NFT_METADATA_MUTABLE");
    expect(mutable?.severity).to.equal("low");
    expect(mutable?.evidence.detail).to.include("token URI changed");
    expect(await flag(nfts.refreshArtCollection, "NFT_METADATA_FROZEN")).to.equal(undefined);
  });

  it("NFT_PRIVILEGED_BURN for reclaim(): ownerOf of a collector's item reverts afterwards", async () => {
    const burn = await flag(nfts.reclaimCollection, "NFT_PRIVILEGED_BURN");
    expect(burn?.evidence.detail).to.include("ownerOf 0x").and.include("-> none (reverted or zero)");
    expect(burn?.evidence.holders).to.have.length(1);
  });

  it("NFT_OPERATOR_BACKDOOR for rescue() by the keeper kept in storage after ownership was renounced", async () => {
    const backdoor = await flag(nfts.rescueCollection, "NFT_OPERATOR_BACKDOOR");
    expect(backdoor?.evidence.figures?.callerRole).to.be.oneOf(["stored", "deployer"]);
    expect(backdoor?.evidence.detail).to.match(/ownerOf 0x[0-9a-f]{40} -> 0x[0-9a-f]{40}/);
  });

  it("NFT_ANYONE_CAN_TAKE (blocking) for sweep(), which any address can call", async () => {
    const scored = await score(nfts.sweepCollection);
    expect(scored.tier).to.equal("BLOCKED");
    expect((await flag(nfts.sweepCollection, "NFT_ANYONE_CAN_TAKE"))?.evidence.figures?.effect).to.equal("move");
    expect(await capabilityCodes(nfts.sweepCollection)).to.deep.equal(["NFT_ANYONE_CAN_TAKE"]);
  });

  it("the renounced plain collection raises none of them, and its metadata is stated frozen (info)", async () => {
    expect(await capabilityCodes(nfts.plainRenouncedCollection)).to.deep.equal([]);
    expect((await flag(nfts.plainRenouncedCollection, "NFT_METADATA_FROZEN"))?.severity).to.equal("info");
    const plain = await score(nfts.plainRenouncedCollection);
    const burn = await score(nfts.reclaimCollection);
    expect(burn.score).to.be.lessThan(plain.score);
  });
});
