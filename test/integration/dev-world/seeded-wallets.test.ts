import { expect } from "chai";
import { id, parseEther, type JsonRpcProvider } from "ethers";
import type { DevWorld } from "../../../src/dev-world/dev-world";
import { addressIn, blockTime, eventLogs, transfers, view } from "./chain-queries";
import { httpProvider, sharedDevWorld } from "./dev-world-fixture";

const DAY = 86_400;
const STAKED = "Staked(address,uint256,uint256)";
const UNSTAKED = "Unstaked(address,uint256)";

describe("dev world: seeded wallets, NFTs and staking", function () {
  this.timeout(120_000);
  let world: DevWorld;
  let provider: JsonRpcProvider;
  let head: number;
  const m = () => world.manifest;

  before(async () => {
    world = await sharedDevWorld();
    provider = httpProvider(world);
    head = world.manifest.time.seededHeadTimestamp;
  });
  after(() => provider.destroy());

  it("botWallet trades every 60 seconds exactly, 100+ times", async () => {
    const usdc = m().contracts.usdc;
    const logs = [
      ...(await transfers(provider, usdc, m().botWallet)),
      ...(await transfers(provider, usdc, undefined, m().botWallet)),
    ];
    const blocks = [...new Set(logs.map((l) => l.blockNumber))].sort((a, b) => a - b);
    const times = await Promise.all(blocks.map((b) => blockTime(provider, b)));
    const gaps = times
      .slice(1)
      .map((t, i) => t - times[i]!)
      .filter((g) => g < 600);
    expect(gaps.length).to.be.greaterThanOrEqual(100);
    expect(new Set(gaps)).to.deep.equal(new Set([60]));
  });

  it("freshWallet was funded once and never sent anything", async () => {
    expect(await provider.getTransactionCount(m().freshWallet)).to.equal(0);
    expect(await provider.getBalance(m().freshWallet)).to.equal(parseEther("0.5"));
  });

  it("longLivedWallet has months of activity with many counterparties", async () => {
    expect(await provider.getTransactionCount(m().longLivedWallet)).to.be.greaterThanOrEqual(40);
    const sent = await transfers(provider, m().contracts.usdc, m().longLivedWallet);
    const firstActivity = await blockTime(provider, sent[0]!.blockNumber);
    expect(head - firstActivity).to.be.greaterThan(150 * DAY);
    expect(new Set(sent.map((l) => addressIn(l.topics[2]))).size).to.be.greaterThanOrEqual(8);
  });

  it("nftOrganic has many holders, nftWash bounces one token, nft1155 has several ids", async () => {
    expect(Number(await view(provider, m().nftOrganic, "totalSupply"))).to.be.greaterThanOrEqual(16);
    const organicOwners = new Set((await transfers(provider, m().nftOrganic)).map((l) => addressIn(l.topics[2])));
    expect(organicOwners.size).to.be.greaterThanOrEqual(12);
    const bounces = (await transfers(provider, m().nftWash)).filter(
      (l) => BigInt(l.topics[3]!) === 1n && addressIn(l.topics[1]) !== "0x0000000000000000000000000000000000000000",
    );
    expect(bounces.length).to.be.greaterThanOrEqual(16);
    const singles = await provider.getLogs({
      address: m().nft1155,
      topics: [id("TransferSingle(address,address,address,uint256,uint256)")],
      fromBlock: 0,
    });
    expect(new Set(singles.map((l) => BigInt(l.data.slice(0, 66)))).size).to.equal(3);
    const dumped = await transfers(provider, m().nftDump, m().nftDumpCreator);
    expect(new Set(dumped.map((l) => l.blockNumber)).size).to.be.lessThanOrEqual(2);
    expect(dumped).to.have.length(20);
  });

  it("honestStakers locked for ~a year months ago and never withdrew", async () => {
    const lock = m().contracts.staking.healthyTokenLock;
    for (const staker of m().honestStakers) {
      const [first] = await eventLogs(provider, lock, STAKED, staker);
      const stakedAt = await blockTime(provider, first!.blockNumber);
      expect(head - stakedAt).to.be.greaterThan(120 * DAY);
      expect(Number(BigInt(`0x${first!.data.slice(66)}`)) - stakedAt).to.be.greaterThanOrEqual(365 * DAY);
      expect(await eventLogs(provider, lock, UNSTAKED, staker)).to.have.length(0);
    }
  });

  it("the staking ring stakes for each other in a cycle; the self-staker stakes its own token", async () => {
    const edges = await provider.getLogs({
      address: m().contracts.staking.ringLock,
      topics: [id("StakedFor(address,address,uint256)")],
      fromBlock: 0,
    });
    const next = new Map(edges.map((l) => [addressIn(l.topics[1]), addressIn(l.topics[2])]));
    const [a, b, c] = m().stakingRing;
    expect([next.get(a!), next.get(b!), next.get(c!)]).to.deep.equal([b, c, a]);
    const selfLock = m().contracts.staking.selfStakeLock;
    expect(`0x${(await view(provider, selfLock, "stakingToken")).toString(16).padStart(40, "0")}`).to.equal(
      m().selfStakedToken,
    );
    expect(await eventLogs(provider, selfLock, STAKED, m().selfStakingDeployer)).to.have.length(1);
  });

  it("the churner unstakes the same day it stakes, again and again", async () => {
    const lock = m().contracts.staking.usdcLock;
    const stakes = await eventLogs(provider, lock, STAKED, m().churner);
    const unstakes = await eventLogs(provider, lock, UNSTAKED, m().churner);
    expect(stakes.length).to.be.greaterThanOrEqual(5);
    const day = async (blockNumber: number) => Math.floor((await blockTime(provider, blockNumber)) / DAY);
    expect(await Promise.all(unstakes.map((l) => day(l.blockNumber)))).to.deep.equal(
      await Promise.all(stakes.map((l) => day(l.blockNumber))),
    );
  });

  it("unstakeAfterDeploy unstakes within a day of deploying a token; recentStaker's stake is 3 days old", async () => {
    const [minted] = await transfers(
      provider,
      m().unstakeAfterDeployToken,
      "0x0000000000000000000000000000000000000000",
      m().unstakeAfterDeploy,
    );
    const [unstaked] = await eventLogs(
      provider,
      m().contracts.staking.healthyTokenLock,
      UNSTAKED,
      m().unstakeAfterDeploy,
    );
    const gap = (await blockTime(provider, unstaked!.blockNumber)) - (await blockTime(provider, minted!.blockNumber));
    expect(gap).to.be.within(1, DAY);
    const [recent] = await eventLogs(provider, m().contracts.staking.healthyTokenLock, STAKED, m().recentStaker);
    expect((head - (await blockTime(provider, recent!.blockNumber))) / DAY).to.be.within(2.9, 3.1);
  });
});
