import { expect } from "chai";
import { tokenOracleProduct, walletOracleServes, widgetProduct } from "../../../../src/domain/scoring/products";

describe("which product answers for an address", () => {
  it("the wallet oracle serves only accounts without code", () => {
    expect(walletOracleServes("eoa")).to.equal(true);
    for (const kind of ["erc20", "erc721", "erc1155", "contract"] as const)
      expect(walletOracleServes(kind)).to.equal(false);
  });

  it("the token oracle sells ERC-20 scores, gives issuers, NFTs and other contracts free, and refuses wallets", () => {
    expect(tokenOracleProduct("erc20", false)).to.equal("paid");
    expect(tokenOracleProduct("erc20", true)).to.equal("free");
    expect(tokenOracleProduct("erc721", false)).to.equal("free");
    expect(tokenOracleProduct("contract", false)).to.equal("free");
    expect(tokenOracleProduct("eoa", false)).to.equal("not_a_token");
  });

  it("the widget scores ERC-20s, marks issuers VERIFIED and everything else NTT", () => {
    expect(widgetProduct("erc20", false)).to.equal("erc20_score");
    expect(widgetProduct("erc20", true)).to.equal("verified");
    expect(widgetProduct("eoa", false)).to.equal("not_tradeable");
    expect(widgetProduct("erc1155", false)).to.equal("not_tradeable");
  });
});
