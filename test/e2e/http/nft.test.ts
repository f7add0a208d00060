import { expect } from "chai";
import { Wallet } from "ethers";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";

const flagCodes = (body: { flags: { code: string }[] }) => body.flags.map((f) => f.code);

describe("HTTP e2e: GET /api/token-shield/nft/{address}", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("flags the wash-traded collection (nftWash) with NFT_WASH_TRANSFERS", async () => {
    const res = await getJson(`${w.url}/api/token-shield/nft/${w.manifest.nftWash}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ address: w.manifest.nftWash, contractType: "ERC-721", pricing: "free" });
    expect(flagCodes(res.body)).to.include("NFT_WASH_TRANSFERS");
    expect(res.body).not.to.have.property("breakdown");
  });

  it("scores the ERC-1155 collection (nft1155)", async () => {
    const res = await getJson(`${w.url}/api/token-shield/nft/${w.manifest.nft1155}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ address: w.manifest.nft1155, contractType: "ERC-1155" });
    expect(res.body.score).to.be.a("number");
    expect(flagCodes(res.body)).not.to.include("NFT_WASH_TRANSFERS");
  });

  it("sends a wallet to the paid oracle instead of scoring it for free (issue 13 item 1)", async () => {
    for (const wallet of [w.manifest.longLivedWallet, Wallet.createRandom().address.toLowerCase()]) {
      const res = await getJson(`${w.url}/api/token-shield/nft/${wallet}`);
      expect(res.status, wallet).to.equal(400);
      expect(res.body, wallet).to.deep.equal({
        error: "not_nft_contract",
        kind: "eoa",
        redirect: `/api/oracle/${wallet}`,
      });
    }
  });

  it("sends an ERC-20 to the token oracle: no score, tier or explanation leaks", async () => {
    const res = await getJson(`${w.url}/api/token-shield/nft/${w.manifest.healthyToken}`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      error: "not_nft_contract",
      kind: "erc20",
      redirect: `/api/oracle/token/${w.manifest.healthyToken}`,
    });
  });

  it("rejects a malformed address with 400 invalid_address", async () => {
    const res = await getJson(`${w.url}/api/token-shield/nft/not-an-address`);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: "invalid_address" });
  });
});
