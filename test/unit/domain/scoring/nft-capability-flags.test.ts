import { expect } from "chai";
import { nftCapabilityFindings } from "../../../../src/domain/scoring/nft/nft-capability-flags";
import { nftEffectKinds } from "../../../../src/domain/scoring/nft/nft-capability-effects";
import { scoreNft } from "../../../../src/domain/scoring/nft/score-nft";
import {
  HOLDER,
  OWNER,
  RECIPIENT,
  SAMPLE_ID,
  STRANGER,
  anyone,
  attempt,
  probedNothing,
  readings,
} from "./support/nft-capability-fixtures";
import { ZERO_ADDRESS } from "../../../../src/domain/chain/address";
import { T0, addr, complete, creation, PLAIN_ERC20_CODE, transfer } from "./support/builders";

/** 20 items minted to 20 collectors over 40 days: enough history that confidence is not capped. */
const MINTS = Array.from({ length: 20 }, (_, i) =>
  transfer({
    standard: "ERC721",
    token: addr(0x4f70),
    from: ZERO_ADDRESS,
    to: addr(0x50000 + i),
    value: 1n,
    tokenId: BigInt(i + 1),
    timestamp: T0 + i * 2 * 86_400,
  }),
);

const sample = { tokenId: SAMPLE_ID, holder: HOLDER };
const codesOf = (e: Parameters<typeof nftCapabilityFindings>[0]) => nftCapabilityFindings(e).flags.map((f) => f.code);

describe("NFT effect kinds (read from the views, never the name)", () => {
  it("mint: supply and the recipient's balance grew while the holder kept its item", () => {
    expect(
      nftEffectKinds("erc721", sample, readings(), readings({ totalSupply: 11n, recipientBalance: 1n })),
    ).to.deep.equal(["mint"]);
  });

  it("burn: ownerOf of the sample reverts afterwards; move: it names another address", () => {
    const burned = readings({ sampleOwner: null, holderBalance: 0n, totalSupply: 9n });
    expect(nftEffectKinds("erc721", sample, readings(), burned)).to.deep.equal(["burn"]);
    const moved = readings({ sampleOwner: RECIPIENT, holderBalance: 0n, recipientBalance: 1n });
    expect(nftEffectKinds("erc721", sample, readings(), moved)).to.deep.equal(["move"]);
  });

  it("metadata: the sample's URI answers with other content (not counted when the item was burned)", () => {
    expect(nftEffectKinds("erc721", sample, readings(), readings({ uriHash: "0xbb" }))).to.deep.equal(["metadata"]);
    expect(nftEffectKinds("erc721", sample, readings(), readings({ sampleOwner: null, uriHash: null }))).to.deep.equal([
      "burn",
    ]);
  });

  it("ERC-1155: the holder's balance of the id falls, and whether someone named gained says move or burn", () => {
    const before = readings({ sampleOwner: null, holderBalance: 5n });
    expect(nftEffectKinds("erc1155", sample, before, readings({ sampleOwner: null, holderBalance: 4n }))).to.deep.equal(
      ["burn"],
    );
    expect(
      nftEffectKinds(
        "erc1155",
        sample,
        before,
        readings({ sampleOwner: null, holderBalance: 4n, recipientBalance: 1n }),
      ),
    ).to.deep.equal(["move"]);
  });

  it("nothing moved: no kind", () => {
    expect(nftEffectKinds("erc721", sample, readings(), readings())).to.deep.equal([]);
  });
});

describe("NFT capability flags", () => {
  it("NFT_PRIVILEGED_MINT when the owner mints and a stranger's same call does not, with the figures", () => {
    const findings = nftCapabilityFindings(
      probedNothing({ attempts: [attempt({ totalSupply: 11n, recipientBalance: 1n })] }),
    );
    const [flag] = findings.flags;
    expect(flag?.code).to.equal("NFT_PRIVILEGED_MINT");
    expect(flag?.evidence.detail)
      .to.include("0x12345678")
      .and.include(`owner ${OWNER}`)
      .and.include("totalSupply 10 -> 11");
    expect(flag?.evidence.figures).to.include({ supplyBefore: "10", supplyAfter: "11", callerRole: "owner" });
  });

  it("a public mint (the stranger mints too) is no privilege", () => {
    const minted = { totalSupply: 11n, recipientBalance: 1n };
    expect(codesOf(probedNothing({ attempts: [attempt(minted, minted)] }))).to.deep.equal([]);
  });

  it("claims no privilege when the stranger's call could not be measured", () => {
    expect(codesOf(probedNothing({ attempts: [attempt({ totalSupply: 11n }, null)] }))).to.deep.equal([]);
  });

  it("NFT_PRIVILEGED_BURN and NFT_OPERATOR_BACKDOOR name the holder whose item was taken", () => {
    const burn = attempt({ sampleOwner: null, holderBalance: 0n, totalSupply: 9n });
    const move = attempt({ sampleOwner: RECIPIENT, holderBalance: 0n, recipientBalance: 1n });
    const flags = nftCapabilityFindings(probedNothing({ attempts: [burn, move] })).flags;
    expect(flags.map((f) => f.code)).to.deep.equal(["NFT_PRIVILEGED_BURN", "NFT_OPERATOR_BACKDOOR"]);
    expect(flags[1]?.evidence.holders).to.deep.equal([HOLDER]);
    expect(flags[1]?.evidence.detail).to.include(`ownerOf ${HOLDER} -> ${RECIPIENT}`);
  });

  it("NFT_ANYONE_CAN_TAKE (critical) when a random address moves someone else's item, not a privileged flag", () => {
    const moved = { sampleOwner: STRANGER, holderBalance: 0n };
    const flags = nftCapabilityFindings(probedNothing({ attempts: [attempt(moved, moved)] })).flags;
    expect(flags.map((f) => [f.code, f.severity])).to.deep.equal([["NFT_ANYONE_CAN_TAKE", "critical"]]);
  });

  it("NFT_METADATA_MUTABLE low when privileged, medium when anyone can", () => {
    const privileged = nftCapabilityFindings(probedNothing({ attempts: [attempt({ uriHash: "0xbb" })] })).flags;
    expect(privileged.map((f) => [f.code, f.severity])).to.deep.equal([["NFT_METADATA_MUTABLE", "low"]]);
    const open = nftCapabilityFindings(
      probedNothing({ attempts: [attempt({ uriHash: "0xbb" }, { uriHash: "0xcc" })] }),
    ).flags;
    expect(open.map((f) => [f.code, f.severity, f.points])).to.deep.equal([["NFT_METADATA_MUTABLE", "medium", -15]]);
  });

  it("NFT_METADATA_FROZEN only on full evidence: URI read, nothing skipped, no gap, no proxy", () => {
    expect(codesOf(probedNothing({ sampleUriRead: true }))).to.deep.equal(["NFT_METADATA_FROZEN"]);
    expect(codesOf(probedNothing({ sampleUriRead: false }))).to.deep.equal([]);
    expect(codesOf(probedNothing({ sampleUriRead: true, skippedSelectors: 2 }))).to.deep.equal([]);
    expect(codesOf(probedNothing({ sampleUriRead: true, upgradeable: true }))).to.deep.equal([]);
    expect(codesOf(probedNothing({ sampleUriRead: true, sample: null }))).to.deep.equal([]);
  });

  it("NFT_OVERSUPPLY_MINT when a mint takes totalSupply above the declared cap", () => {
    const maxSupply = { getter: "MAX_SUPPLY()", value: 40n };
    const over = { selector: "0xabcdef01", caller: anyone(STRANGER), requested: 11n, callOk: true, supplyBefore: 30n };
    const flags = nftCapabilityFindings(
      probedNothing({ maxSupply, oversupply: [{ ...over, supplyAfter: 41n }] }),
    ).flags;
    expect(flags.map((f) => f.code)).to.deep.equal(["NFT_OVERSUPPLY_MINT"]);
    expect(flags[0]?.evidence.figures).to.include({ maxSupply: "40", supplyAfter: "41", getter: "MAX_SUPPLY()" });
    const capped = probedNothing({ maxSupply, oversupply: [{ ...over, callOk: false, supplyAfter: 30n }] });
    expect(codesOf(capped)).to.deep.equal([]);
  });

  it("probes that did not run are a limitation with a confidence cost, never a clean bill", () => {
    const findings = nftCapabilityFindings(null);
    expect(findings.flags).to.deep.equal([]);
    expect(findings.shortfalls[0]?.limitation).to.include("unknown (not absent)");
    const profile = {
      contract: addr(0x4f70),
      kind: "erc721" as const,
      name: "X",
      bytecode: PLAIN_ERC20_CODE,
      creation: creation(addr(0x4f70), addr(0xc4ea), T0),
      transfers: complete(MINTS),
      creatorWalletScore: null,
    };
    const unknown = scoreNft({ ...profile, capabilities: null }, T0 + 100 * 86_400);
    const probed = scoreNft({ ...profile, capabilities: probedNothing() }, T0 + 100 * 86_400);
    expect(unknown.limitations.join(" ")).to.include("capability probes did not run");
    expect(unknown.confidence).to.be.lessThan(probed.confidence);
  });

  it("a privileged burn lowers the score", () => {
    const base = { contract: addr(0x4f70), kind: "erc721" as const, name: "X", bytecode: PLAIN_ERC20_CODE };
    const rest = {
      creation: creation(addr(0x4f70), addr(0xc4ea), T0),
      transfers: complete(MINTS),
      creatorWalletScore: null,
    };
    const clean = scoreNft({ ...base, ...rest, capabilities: probedNothing() }, T0 + 100 * 86_400);
    const burn = attempt({ sampleOwner: null, holderBalance: 0n });
    const burned = scoreNft({ ...base, ...rest, capabilities: probedNothing({ attempts: [burn] }) }, T0 + 100 * 86_400);
    expect(burned.score).to.be.lessThan(clean.score);
  });
});
