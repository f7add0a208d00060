import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";

describe("HTTP e2e: GET /api/widget/score/{address}", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("scores an ERC-20 (healthyToken) with no-store caching and open CORS", async () => {
    const res = await getJson(`${w.url}/api/widget/score/${w.manifest.healthyToken}`, {
      Origin: "https://shop.example",
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys("score", "tier", "contractType");
    expect(res.body.score).to.be.a("number").within(0, 100);
    expect(res.body.tier).to.be.oneOf(["BLOCKED", "LOW", "MEDIUM", "HIGH", "ELITE", "HIGH_ELITE"]);
    expect(res.body.contractType).to.equal("ERC-20");
    expect(res.headers.get("cache-control")).to.equal("no-store");
    expect(res.headers.get("access-control-allow-origin")).to.equal("*");
  });

  it("answers VERIFIED for the official issuer (USDC)", async () => {
    const res = await getJson(`${w.url}/api/widget/score/${w.manifest.contracts.usdc}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ score: null, tier: "VERIFIED", label: "VERIFIED" });
  });

  it("answers NTT for a wallet (longLivedWallet) and an NFT collection (nftOrganic)", async () => {
    for (const address of [w.manifest.longLivedWallet, w.manifest.nftOrganic]) {
      const res = await getJson(`${w.url}/api/widget/score/${address}`);
      expect(res.status, address).to.equal(200);
      expect(res.body, address).to.deep.equal({ score: null, tier: "NTT", label: "NTT" });
    }
  });

  it("rejects a malformed address with 400 invalid_address", async () => {
    const res = await getJson(`${w.url}/api/widget/score/0x1234`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: "invalid_address" });
  });
});
