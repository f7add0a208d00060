import { expect } from "chai";
import { randomBytes, hexlify } from "ethers";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import type { ScoredAddress } from "../../../src/application/use-cases/scoring/scored-address";
import type { CapabilityTokenRoles } from "../../../src/dev-world/dev-world";
import { type ScoringRig, scoringRig } from "./support/scoring-world";

const CAPABILITY_CODES = [
  "HIDDEN_OWNER",
  "OWNER_CAN_CHANGE_BALANCE",
  "SELF_DESTRUCT",
  "EXTERNAL_CALL_IN_TRANSFER",
  "CANNOT_SELL_ALL",
  "TRADING_COOLDOWN",
  "ANTI_WHALE",
  "MINTED_AFTER_LAUNCH",
  "WAS_PAUSED",
  "HOLDERS_BLACKLISTED",
  "FEE_RAISED",
  "IMPLEMENTATION_CHANGED",
  "OWNER_CAN_MINT",
  "OWNER_CAN_BLACKLIST",
  "OWNER_CAN_PAUSE",
  "OWNER_CAN_SET_FEES",
];

describe("capability detection on the seeded capability tokens (issue 17)", function () {
  this.timeout(180_000);
  let rig: ScoringRig;
  let tokens: CapabilityTokenRoles;
  const cache = new Map<Address, ScoredAddress>();

  async function score(address: Address): Promise<ScoredAddress> {
    const known = cache.get(address);
    if (known !== undefined) return known;
    const answer = await rig.scoreAddress.execute(address)();
    if (answer._tag === "Left") throw new Error(`scoring ${address} failed: ${JSON.stringify(answer.left)}`);
    cache.set(address, answer.right);
    return answer.right;
  }
  const flag = async (address: Address, code: string) => (await score(address)).flags.find((f) => f.code === code);

  before(async function () {
    this.timeout(240_000);
    rig = await scoringRig();
    tokens = rig.manifest.capabilityTokens;
  });

  it("a never-seen address answers coverage none, confidence <= 10 and a limitation", async () => {
    const scored = await score(asAddress(hexlify(randomBytes(20))));
    expect(scored.coverage).to.equal("none");
    expect(scored.confidence).to.be.at.most(10);
    expect(scored.limitations[0]).to.include("No history");
    expect(scored.explanation.recommendation.action).to.not.equal("deny");
  });

  it("OWNER_CAN_MINT by behaviour for rebase(), and MINTED_AFTER_LAUNCH from its use", async () => {
    expect((await flag(tokens.rebaseToken, "OWNER_CAN_MINT"))?.evidence.detail).to.match(
      /Proven by behaviour.*totalSupply/,
    );
    const minted = await flag(tokens.rebaseToken, "MINTED_AFTER_LAUNCH");
    expect(minted?.severity).to.equal("high");
    expect(minted?.evidence.txHashes).to.have.length(1);
  });

  it("OWNER_CAN_BLACKLIST by behaviour for setRouterStatus(), and HOLDERS_BLACKLISTED names the two buyers", async () => {
    expect((await flag(tokens.routerStatusToken, "OWNER_CAN_BLACKLIST"))?.evidence.detail).to.include(
      "could no longer transfer",
    );
    const used = await flag(tokens.routerStatusToken, "HOLDERS_BLACKLISTED");
    expect(used?.evidence.holders).to.include.members([...tokens.blacklistedHolders]);
    expect((await score(tokens.routerStatusToken)).flags.map((f) => f.code)).to.not.include("HONEYPOT_PATTERN");
  });

  it("HIDDEN_OWNER and OWNER_CAN_CHANGE_BALANCE on the renounced token whose operator sits in storage", async () => {
    const hidden = await flag(tokens.reserveSyncToken, "HIDDEN_OWNER");
    expect(hidden?.evidence.figures?.slot).to.equal(7);
    expect(hidden?.evidence.figures?.canTakeBackOwnership).to.equal("yes");
    expect((await flag(tokens.reserveSyncToken, "OWNER_CAN_CHANGE_BALANCE"))?.evidence.detail).to.include("keccak256(");
    expect(await flag(tokens.reserveSyncToken, "OWNERSHIP_RENOUNCED")).to.equal(undefined);
  });

  it("CANNOT_SELL_ALL (blocking), TRADING_COOLDOWN and ANTI_WHALE from simulations", async () => {
    const dust = await score(tokens.dustLockToken);
    expect(dust.tier).to.equal("BLOCKED");
    expect((await flag(tokens.dustLockToken, "CANNOT_SELL_ALL"))?.evidence.detail).to.include("100%");
    expect(await flag(tokens.cooldownToken, "TRADING_COOLDOWN")).to.not.equal(undefined);
    expect(await flag(tokens.whaleCapToken, "ANTI_WHALE")).to.not.equal(undefined);
  });

  it("EXTERNAL_CALL_IN_TRANSFER names the tracker and the opcode; SELF_DESTRUCT names the opcode", async () => {
    const external = await flag(tokens.trackedToken, "EXTERNAL_CALL_IN_TRANSFER");
    expect(external?.evidence.counterparties).to.include(tokens.trackerContract);
    expect(external?.evidence.figures?.opcode).to.equal("CALL");
    expect((await flag(tokens.retireToken, "SELF_DESTRUCT"))?.evidence.detail).to.include("SELFDESTRUCT (0xff)");
  });

  it("WAS_PAUSED for maintenance(), FEE_RAISED from 300 to 2500 for configure()", async () => {
    expect(await flag(tokens.maintenanceToken, "WAS_PAUSED")).to.not.equal(undefined);
    expect(await flag(tokens.maintenanceToken, "OWNER_CAN_PAUSE")).to.not.equal(undefined);
    const raised = await flag(tokens.feeRaisedToken, "FEE_RAISED");
    expect(raised?.evidence.figures).to.include({ from: "300", to: "2500" });
  });

  it("IMPERSONATES_OFFICIAL for the USDC look-alike, AIRDROP_SPAM for the sprayed token, neither on the plain one", async () => {
    const fake = await flag(tokens.usdcLookalike, "IMPERSONATES_OFFICIAL");
    expect(fake?.evidence.counterparties).to.include(rig.manifest.contracts.usdc);
    expect((await flag(tokens.airdropSpamToken, "AIRDROP_SPAM"))?.evidence.figures?.recipients).to.equal(40);
    expect(await flag(tokens.renouncedPlainToken, "IMPERSONATES_OFFICIAL")).to.equal(undefined);
    expect(await flag(tokens.renouncedPlainToken, "AIRDROP_SPAM")).to.equal(undefined);
  });

  it("gives holder facts: the renounced plain token's owner is null with the reason, its buyers are counted", async () => {
    const facts = (await score(tokens.renouncedPlainToken)).holderFacts;
    expect(facts?.ownerPercent).to.equal(null);
    expect(facts?.unknown.join(" ")).to.include("Ownership is renounced");
    expect(facts?.creatorPercent).to.be.a("number");
    expect(facts?.liquidity?.burnedPercent).to.be.a("number");
  });

  it("raises none of them on the renounced plain token and the honest 2% fee token, which read OWNERSHIP_RENOUNCED", async () => {
    for (const benign of [tokens.renouncedPlainToken, tokens.honestFeeToken]) {
      const scored = await score(benign);
      const raised = scored.flags.filter((f) => CAPABILITY_CODES.includes(f.code) && f.severity !== "info");
      expect(
        raised.map((f) => f.code),
        benign,
      ).to.deep.equal([]);
      expect(scored.flags.map((f) => f.code)).to.include("OWNERSHIP_RENOUNCED");
      expect(scored.tier).to.not.equal("BLOCKED");
    }
  });
});
