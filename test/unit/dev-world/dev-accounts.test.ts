import { expect } from "chai";
import { HDNodeWallet, Mnemonic } from "ethers";
import { DEV_MNEMONIC, devAccounts } from "../../../src/dev-world/embedded-chain";

describe("devAccounts", () => {
  it("are the well-known development accounts m/44'/60'/0'/0/i, in order", () => {
    const accounts = devAccounts(20);
    expect(accounts).to.have.length(20);
    // Hardhat's and Anvil's default accounts 0, 1 and 19: what wallets and tools expect on a dev chain.
    expect(accounts[0]!.address).to.equal("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(accounts[0]!.privateKey).to.equal("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    expect(accounts[1]!.address).to.equal("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(accounts[19]!.address).to.equal("0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199");
  });

  it("match each path derived from the root", () => {
    const mnemonic = Mnemonic.fromPhrase(DEV_MNEMONIC);
    for (const [i, account] of devAccounts(6).entries()) {
      const wallet = HDNodeWallet.fromMnemonic(mnemonic, `m/44'/60'/0'/0/${i}`);
      expect(account).to.deep.equal({ address: wallet.address, privateKey: wallet.privateKey });
    }
  });
});
