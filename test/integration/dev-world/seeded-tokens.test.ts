import { expect } from "chai";
import { Interface, MaxUint256, type JsonRpcProvider } from "ethers";
import type { DevWorld } from "../../../src/dev-world/dev-world";
import { addressIn, blockTime, reserves, transfers, view } from "./chain-queries";
import { httpProvider, sharedDevWorld } from "./dev-world-fixture";

const ROUTER = new Interface([
  "function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)",
]);
const DAY = 86_400;

describe("dev world: seeded token scenarios", function () {
  this.timeout(120_000);
  let world: DevWorld;
  let provider: JsonRpcProvider;
  const m = () => world.manifest;

  before(async () => {
    world = await sharedDevWorld();
    provider = httpProvider(world);
  });
  after(() => provider.destroy());

  const sellForEth = (from: string, token: string, amount: bigint) =>
    provider.call({
      from,
      to: m().contracts.uniswapRouter,
      data: ROUTER.encodeFunctionData("swapExactTokensForETHSupportingFeeOnTransferTokens", [
        amount,
        0n,
        [token, m().contracts.weth],
        from,
        MaxUint256,
      ]),
    });

  it("healthyToken has two dozen buyers and a dozen sellers over more than a month", async () => {
    const pair = m().contracts.pairs.healthyToken;
    const buys = await transfers(provider, m().healthyToken, pair);
    const sells = await transfers(provider, m().healthyToken, undefined, pair);
    const sellers = new Set(sells.map((l) => addressIn(l.topics[1])));
    sellers.delete(m().healthyTokenDeployer);
    expect(new Set(buys.map((l) => addressIn(l.topics[2]))).size).to.be.greaterThanOrEqual(24);
    expect(sellers.size).to.be.greaterThanOrEqual(12);
    const span =
      (await blockTime(provider, buys.at(-1)!.blockNumber)) - (await blockTime(provider, buys[0]!.blockNumber));
    expect(span).to.be.greaterThan(30 * DAY);
  });

  it("honeypotToken: a victim's sell reverts, the whitelisted deployer's sell goes through", async () => {
    const victim = m().honeypotVictims[0]!;
    const held = await view(provider, m().honeypotToken, "balanceOf", [victim]);
    expect(held > 0n).to.equal(true);
    let error: unknown;
    await sellForEth(victim, m().honeypotToken, held / 10n).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain("TRANSFER_FROM_FAILED");
    expect(await sellForEth(m().honeypotDeployer, m().honeypotToken, 1_000n * 10n ** 18n)).to.equal("0x");
  });

  it("taxToken: sells hand half the tokens to the owner", async () => {
    const seller = m().taxBuyers[0]!;
    const toPair = await transfers(provider, m().taxToken, seller, m().contracts.pairs.taxToken);
    const toOwner = await transfers(provider, m().taxToken, seller, m().taxDeployer);
    expect(toPair).to.have.length(1);
    expect(BigInt(toOwner[0]!.data)).to.equal(BigInt(toPair[0]!.data));
  });

  it("coordinatedToken: ten fresh wallets funded by one source all buy in one block", async () => {
    const buys = await transfers(provider, m().coordinatedToken, m().contracts.pairs.coordinatedToken);
    expect(new Set(buys.map((l) => addressIn(l.topics[2])))).to.deep.equal(new Set(m().coordinatedBuyers));
    expect(new Set(buys.map((l) => l.blockNumber)).size).to.equal(1);
    for (const buyer of m().coordinatedBuyers) expect(await provider.getTransactionCount(buyer)).to.equal(1);
    let fundingBlock = buys[0]!.blockNumber - 1;
    let funded: string[] = [];
    for (; fundingBlock > 0 && funded.length === 0; fundingBlock--) {
      const block = await provider.getBlock(fundingBlock, true);
      funded = (block?.prefetchedTransactions ?? [])
        .filter((t) => t.from.toLowerCase() === m().fundingSource)
        .map((t) => (t.to ?? "").toLowerCase());
    }
    expect(new Set(funded)).to.deep.equal(new Set(m().coordinatedBuyers));
  });

  it("exitSyncToken: every holder dumps within three blocks", async () => {
    const pair = m().contracts.pairs.exitSyncToken;
    const lastSells = await Promise.all(
      m().exitSyncHolders.map(async (h) => (await transfers(provider, m().exitSyncToken, h, pair)).at(-1)!.blockNumber),
    );
    expect(m().exitSyncHolders.length).to.be.greaterThanOrEqual(6);
    expect(Math.max(...lastSells) - Math.min(...lastSells)).to.be.lessThanOrEqual(2);
  });

  it("rugToken: the deployer dumped and pulled all liquidity", async () => {
    const pair = m().contracts.pairs.rugToken;
    expect(await transfers(provider, m().rugToken, m().rugDeployer, pair)).to.have.length.greaterThanOrEqual(2);
    expect(await view(provider, pair, "balanceOf", [m().rugDeployer])).to.equal(0n);
    const [r0, r1] = await reserves(provider, pair);
    expect(r0 < 10n ** 15n || r1 < 10n ** 15n).to.equal(true);
  });

  it("washTraders pass the same token back and forth dozens of times", async () => {
    const [a, b] = m().washTraders;
    const ab = await transfers(provider, m().washToken, a, b);
    const ba = await transfers(provider, m().washToken, b, a);
    expect(ab.length).to.be.greaterThanOrEqual(30);
    expect(ba.length).to.be.greaterThanOrEqual(30);
  });
});
