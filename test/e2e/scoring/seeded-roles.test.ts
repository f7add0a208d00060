import { expect } from "chai";
import type { Address } from "../../../src/domain/chain/address";
import { tierRank } from "../../../src/domain/scoring";
import type { ScoredAddress } from "../../../src/application/use-cases/scoring/scored-address";
import { type ScoringRig, scoringRig } from "./support/scoring-world";

const codes = (scored: ScoredAddress): string[] => scored.flags.map((f) => f.code);
const penalties = (scored: ScoredAddress): string[] =>
  scored.flags.filter((f) => f.severity !== "info").map((f) => f.code);

describe("scoring on the seeded world (end to end, no HTTP)", function () {
  this.timeout(120_000);
  let rig: ScoringRig;

  async function score(address: Address): Promise<ScoredAddress> {
    const answer = await rig.scoreAddress.execute(address)();
    if (answer._tag === "Left") throw new Error(`scoring ${address} failed: ${JSON.stringify(answer.left)}`);
    return answer.right;
  }

  before(async function () {
    this.timeout(240_000);
    rig = await scoringRig();
  });

  it("answers the official issuers VERIFIED without heuristics", async () => {
    for (const issuer of [rig.manifest.contracts.usdc, rig.manifest.contracts.eurc]) {
      const scored = await score(issuer);
      expect(scored).to.include({ tier: "VERIFIED", officialIssuer: true, kind: "erc20", subjectType: "token" });
      expect(scored.flags).to.deep.equal([]);
    }
  });

  it("scores the healthy token HIGH or better with no risky flag, after a sell simulation that ran", async () => {
    const scored = await score(rig.manifest.healthyToken);
    expect(tierRank(scored.tier)).to.be.at.least(tierRank("HIGH"));
    expect(penalties(scored)).to.deep.equal([]);
    expect(scored.flags.filter((f) => f.severity === "high" || f.severity === "critical")).to.deep.equal([]);
    expect(scored.limitations.join(" ")).not.to.match(/No sell simulation/);
    expect(scored.state).to.equal("graduated");
  });

  it("scores the long-lived wallet HIGH or better with no risky flag", async () => {
    const scored = await score(rig.manifest.longLivedWallet);
    expect(tierRank(scored.tier)).to.be.at.least(tierRank("HIGH"));
    expect(penalties(scored)).to.deep.equal([]);
  });

  it("blocks the honeypot with HONEYPOT_PATTERN from simulated sells (a fresh seller among them)", async () => {
    const scored = await score(rig.manifest.honeypotToken);
    expect(scored.tier).to.equal("BLOCKED");
    const flag = scored.flags.find((f) => f.code === "HONEYPOT_PATTERN");
    expect(flag?.severity).to.equal("critical");
    expect(flag?.evidence.counterparties).to.include(rig.manifest.contracts.pairs.honeypotToken);
    expect(flag?.evidence.detail).to.match(/fresh address/);
  });

  it("measures the tax token's 50% sell tax", async () => {
    const scored = await score(rig.manifest.taxToken);
    const flag = scored.flags.find((f) => f.code === "HIGH_SELL_TAX");
    expect(flag?.severity).to.equal("high");
    expect(Number(flag?.evidence.figures?.["taxBps"])).to.be.within(4_500, 5_000);
    expect(codes(scored)).not.to.include("HONEYPOT_PATTERN");
  });

  it("flags the coordinated token COORDINATED_BUY, naming the shared funder", async () => {
    const scored = await score(rig.manifest.coordinatedToken);
    const flag = scored.flags.find((f) => f.code === "COORDINATED_BUY");
    expect(flag).not.to.equal(undefined);
    expect(JSON.stringify(flag?.evidence)).to.include(rig.manifest.fundingSource);
  });

  it("flags the exit-sync token EXIT_SYNC", async () => {
    expect(codes(await score(rig.manifest.exitSyncToken))).to.include("EXIT_SYNC");
  });

  it("blocks the rug token (RUG_PULL) and its deployer (RUGGED_DEPLOYMENT)", async () => {
    const token = await score(rig.manifest.rugToken);
    expect(token.tier).to.equal("BLOCKED");
    expect(codes(token)).to.include("RUG_PULL");
    const deployer = await score(rig.manifest.rugDeployer);
    expect(deployer.tier).to.equal("BLOCKED");
    expect(codes(deployer)).to.include("RUGGED_DEPLOYMENT");
  });

  it("flags every wash trader WASH_TRADING", async () => {
    for (const trader of rig.manifest.washTraders)
      expect(codes(await score(trader)), trader).to.include("WASH_TRADING");
  });

  it("flags the bot's velocity and machine-regular timing", async () => {
    expect(codes(await score(rig.manifest.botWallet))).to.include.members([
      "VELOCITY_BURST",
      "MACHINE_REGULAR_INTERVALS",
    ]);
  });

  it("gives the fresh wallet FRESH_WALLET, low confidence and the mining state", async () => {
    const fresh = await score(rig.manifest.freshWallet);
    const seasoned = await score(rig.manifest.longLivedWallet);
    expect(codes(fresh)).to.include("FRESH_WALLET");
    expect(fresh.confidence).to.be.below(seasoned.confidence).and.at.most(65);
    expect(fresh.state).to.equal("mining");
  });

  it("flags the participants: coordinated buyers and exit-sync holders", async () => {
    expect(codes(await score(rig.manifest.coordinatedBuyers[0]!))).to.include("COORDINATED_BUY_PARTICIPANT");
    expect(codes(await score(rig.manifest.exitSyncHolders[0]!))).to.include("EXIT_SYNC_PARTICIPANT");
  });

  it("scores every NFT collection without error and flags the wash and dump collections", async () => {
    const organic = await score(rig.manifest.nftOrganic);
    const semiFungible = await score(rig.manifest.nft1155);
    expect([organic.kind, semiFungible.kind]).to.deep.equal(["erc721", "erc1155"]);
    expect(penalties(organic)).to.deep.equal([]);
    expect(codes(await score(rig.manifest.nftWash))).to.include("NFT_WASH_TRANSFERS");
    expect(codes(await score(rig.manifest.nftDump))).to.include("NFT_CREATOR_DUMPING");
  });

  it("scores a plain contract (the router) as a contract", async () => {
    const router = await score(rig.manifest.contracts.uniswapRouter);
    expect(router).to.include({ kind: "contract", subjectType: "contract" });
  });
});
