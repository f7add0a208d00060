import { expect } from "chai";
import * as E from "fp-ts/Either";
import { LocalIndexExplorer } from "../../../src/adapters/explorer/local-index-explorer.adapter";
import type { Address } from "../../../src/domain/chain/address";
import type { ChainTransaction, TokenTransfer } from "../../../src/domain/chain/chain-types";
import type { DevWorld } from "../../../src/dev-world/dev-world";
import { sharedDevWorld } from "./dev-world-fixture";

describe("dev world: graph trust's labelled set (sybil farm and honest look-alikes)", function () {
  this.timeout(120_000);
  let world: DevWorld;
  let index: LocalIndexExplorer;
  const txs = async (a: Address): Promise<readonly ChainTransaction[]> => {
    const page = await index.transactionsOf(a)();
    if (E.isLeft(page)) throw new Error(page.left.detail);
    return page.right.items;
  };
  const tokenTransfers = async (a: Address): Promise<readonly TokenTransfer[]> => {
    const page = await index.tokenTransfersOf(a)();
    if (E.isLeft(page)) throw new Error(page.left.detail);
    return page.right.items;
  };
  const firstInflow = async (a: Address) => (await txs(a)).find((t) => t.to === a && t.value > 0n);

  before(async () => {
    world = await sharedDevWorld();
    index = new LocalIndexExplorer({ rpcUrl: world.chain.rpcUrl });
    await index.syncOnce();
  });
  after(() => index.stop());

  it("funds the farm through relays: funder -> relays -> members, each member's first money from a relay", async () => {
    const { members, relays, funder, sweepTo } = world.manifest.sybilFarm;
    expect(members.length).to.be.at.least(8);
    for (const relay of relays) expect((await firstInflow(relay))?.from).to.equal(funder);
    for (const member of members) expect(relays).to.include((await firstInflow(member))?.from);
    const sweeps = await Promise.all(
      members.map(async (m) => (await txs(m)).find((t) => t.from === m && t.to === sweepTo)),
    );
    expect(new Set(sweeps.map((s) => s?.blockNumber)).size).to.equal(1);
    const amounts = sweeps.map((s) => s!.value);
    const min = amounts.reduce((a, b) => (a < b ? a : b));
    const max = amounts.reduce((a, b) => (a > b ? a : b));
    expect(max * 1000n < min * 1001n, "near-identical: within 0.1%").to.equal(true);
  });

  it("pays exchange users from one hot wallet on many different days and in different amounts", async () => {
    const { exchangeUsers, exchangeHotWallet } = world.manifest;
    const funding = await Promise.all(exchangeUsers.map((u) => firstInflow(u)));
    for (const f of funding) expect(f?.from).to.equal(exchangeHotWallet);
    expect(new Set(funding.map((f) => Math.floor(f!.timestamp / 86_400))).size).to.be.at.least(8);
    expect(new Set(funding.map((f) => f!.value)).size).to.be.at.least(8);
  });

  it("pays payroll recipients equal salaries from the payroll contract, all in one block each month", async () => {
    const { payrollRecipients, payrollContract } = world.manifest;
    const salaries = await Promise.all(
      payrollRecipients.map(async (r) => (await tokenTransfers(r)).filter((t) => t.from === payrollContract)),
    );
    for (const s of salaries) expect(s).to.have.length(3);
    expect(new Set(salaries.map((s) => s[0]!.blockNumber)).size).to.equal(1);
    expect(new Set(salaries.flat().map((t) => t.value)).size).to.equal(1);
  });
});
