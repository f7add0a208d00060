import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";

describe("HTTP e2e: GET /api/oracle/token/{address}", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("answers the official issuer (USDC) for free as VERIFIED", async () => {
    const res = await getJson(`${w.url}/api/oracle/token/${w.manifest.contracts.usdc}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ address: w.manifest.contracts.usdc, tier: "VERIFIED", score: null, pricing: "free" });
    expect(res.headers.get("x-payment-response")).to.equal(null);
  });

  it("scores an NFT collection (nftOrganic) for free", async () => {
    const res = await getJson(`${w.url}/api/oracle/token/${w.manifest.nftOrganic}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ address: w.manifest.nftOrganic, contractType: "ERC-721", pricing: "free" });
    expect(res.body.score).to.be.a("number");
    expect(res.body).not.to.have.property("breakdown");
  });

  it("asks for payment for an ERC-20 (healthyToken)", async () => {
    const res = await getJson(`${w.url}/api/oracle/token/${w.manifest.healthyToken}`);
    expect(res.status).to.equal(402);
    expect(res.body).to.include({ error: "payment_required", x402Version: 1 });
    expect(res.body.accepts[0]).to.include({ maxAmountRequired: "1000", payTo: w.manifest.payee });
    expect(res.body.accepts[0].resource).to.equal(`${w.url}/api/oracle/token/${w.manifest.healthyToken}`);
  });

  it("sends a wallet back to the wallet oracle with 400 wallet_not_token", async () => {
    const res = await getJson(`${w.url}/api/oracle/token/${w.manifest.longLivedWallet}`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      error: "wallet_not_token",
      redirect: `/api/oracle/${w.manifest.longLivedWallet}`,
    });
  });
});
