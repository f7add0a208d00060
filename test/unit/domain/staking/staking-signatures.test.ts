import { expect } from "chai";
import { id } from "ethers";
import {
  OWNER_SELECTOR,
  STAKE_SELECTORS,
  STAKED_TOPIC,
  stakeKindOfSelector,
  stakeKindOfTopic,
  TRANSFER_TOPIC,
  UNSTAKE_SELECTORS,
  UNSTAKED_TOPIC,
} from "../../../../src/domain/staking/staking-signatures";

describe("staking signatures", () => {
  it("hard-codes the exact keccak selectors of every staking call", () => {
    for (const [signature, selector] of Object.entries({ ...STAKE_SELECTORS, ...UNSTAKE_SELECTORS })) {
      expect(selector, signature).to.equal(id(signature).slice(0, 10));
    }
    expect(OWNER_SELECTOR).to.equal(id("owner()").slice(0, 10));
  });

  it("hard-codes the exact event topics", () => {
    expect(STAKED_TOPIC).to.equal(id("Staked(address,uint256,uint256)"));
    expect(UNSTAKED_TOPIC).to.equal(id("Unstaked(address,uint256)"));
    expect(TRANSFER_TOPIC).to.equal(id("Transfer(address,address,uint256)"));
  });

  it("classifies selectors and topics, in any letter case", () => {
    expect(stakeKindOfSelector("0xA694FC3A")).to.equal("stake");
    expect(stakeKindOfSelector("0x2ee40908")).to.equal("stake");
    expect(stakeKindOfSelector("0xe9fad8ee")).to.equal("unstake");
    expect(stakeKindOfSelector("0xa9059cbb")).to.equal(null);
    expect(stakeKindOfTopic(STAKED_TOPIC)).to.equal("stake");
    expect(stakeKindOfTopic(UNSTAKED_TOPIC.toUpperCase().replace("0X", "0x"))).to.equal("unstake");
    expect(stakeKindOfTopic(undefined)).to.equal(null);
  });
});
