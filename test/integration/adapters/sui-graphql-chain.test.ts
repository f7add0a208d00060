import { expect } from "chai";
import * as E from "fp-ts/Either";
import { SuiGraphQLClient } from "@mysten/sui/graphql";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGraphQLChain } from "../../../src/adapters/sui/sui-graphql-chain.adapter";
import { ACTIVITY_MAX_PAGES, ACTIVITY_PAGE_SIZE } from "../../../src/adapters/sui/sui-graphql-documents";
import { asCoinType, asSuiAddress } from "../../../src/domain/sui/sui-address";
import { serveSuiGraphQL, type SuiFixtureWorld } from "../../support/sui/sui-graphql-fixture";
import { FIXTURE, fixtureWorld } from "../../support/sui/sui-fixture-world";

/** What the contract suite does not show: which SDK calls the adapter makes, and its failures. */
describe("SuiGraphQLChain against Sui GraphQL shapes (nock)", () => {
  let world: SuiFixtureWorld;
  let stop: () => void;
  let chain: SuiGraphQLChain;
  const subject = asSuiAddress("0x5");
  beforeEach(() => {
    const key = new Ed25519Keypair();
    world = fixtureWorld(key.toSuiAddress());
    stop = serveSuiGraphQL(world);
    const client = new SuiGraphQLClient({ url: `${FIXTURE.origin}${FIXTURE.path}`, network: "testnet" });
    chain = new SuiGraphQLChain(
      client,
      { packageId: asSuiAddress(FIXTURE.packageId), registryId: asSuiAddress(FIXTURE.registryId) },
      key,
      2_000,
    );
  });
  afterEach(() => stop());

  it("reads views with one simulateTransaction, checks off, command results on, sent as the oracle", async () => {
    await chain.simulateViews([{ fn: "is_scored", subject }, { fn: "total_scored" }])();
    expect(world.operations).to.deep.equal(["simulateTransaction"]);
    const v = world.variables[0]!;
    expect(v).to.include({ checksEnabled: false, includeCommandResults: true });
    expect(v.transaction.sender).to.equal(world.oracle);
    const calls = v.transaction.kind.programmableTransaction.commands.map(
      (c: { moveCall: { function: string; module: string } }) => `${c.moveCall.module}::${c.moveCall.function}`,
    );
    expect(calls).to.deep.equal(["registry::is_scored", "registry::total_scored"]);
  });

  it("writes with credenceWritePrep, executeTransaction (signed bytes) and waitForTransaction (getTransactionBlock)", async () => {
    const receipt = await chain.writeScore({
      subject,
      score: 88,
      tier: 2,
      confidence: 80,
      botFlagged: false,
      capability: "elite",
    })();
    expect(E.isRight(receipt)).to.equal(true);
    expect(world.operations).to.deep.equal(["credenceWritePrep", "executeTransaction", "getTransactionBlock"]);
    expect(world.variables[0]).to.deep.equal({
      registry: FIXTURE.registryId,
      oracle: world.oracle,
      capType: `${FIXTURE.packageId}::registry::OracleCap`,
    });
    expect(world.variables[1]!.signatures).to.have.length(1);
  });

  it("finds an earlier write's digest by paging the oracle's TrustScoreUpdated events backwards", async () => {
    for (let i = 0; i < 120; i++)
      world.events.push({
        subject: `0x${(i + 16).toString(16).padStart(64, "0")}`,
        epoch: FIXTURE.epoch,
        digest: `D${i}`,
      });
    world.events.unshift({ subject, epoch: FIXTURE.epoch, digest: "EarlyDigest" });
    expect(await chain.scoreUpdateDigest(subject, BigInt(FIXTURE.epoch))()).to.deep.equal(E.right("EarlyDigest"));
    expect(world.operations).to.deep.equal(["credenceScoreUpdates", "credenceScoreUpdates", "credenceScoreUpdates"]);
    expect(world.variables[0]).to.include({
      type: `${FIXTURE.packageId}::registry::TrustScoreUpdated`,
      sender: world.oracle,
      before: null,
    });
  });

  it("pays gas with a SUI coin that covers the budget, and fails upstream when none does", async () => {
    await chain.writeScore({ subject, score: 50, tier: 1, confidence: 50, botFlagged: false, capability: null })();
    const gasPayment = (await import("@mysten/sui/transactions")).Transaction.from(
      world.variables[1]!.transactionDataBcs,
    ).getData().gasData.payment;
    expect(gasPayment?.map((p) => p.objectId)).to.deep.equal([`0x${"2".repeat(64)}`]);
    world.gasCoins = ["1000", "49999999"];
    const poor = await chain.writeScore({
      subject,
      score: 50,
      tier: 1,
      confidence: 50,
      botFlagged: false,
      capability: null,
    })();
    expect(E.isLeft(poor) && poor.left._tag).to.equal("SuiUpstreamFailure");
  });

  it("reads coin info with one query naming the TreasuryCap, MetadataCap and package to look up", async () => {
    await chain.coinInfo(asCoinType(FIXTURE.mintableCoin))();
    expect(world.operations).to.deep.equal(["credenceCoinInfo"]);
    expect(world.variables[0]).to.include({
      treasuryType: `0x2::coin::TreasuryCap<${FIXTURE.mintableCoin}>`,
      metadataCapType: `0x2::coin_registry::MetadataCap<${FIXTURE.mintableCoin}>`,
      package: FIXTURE.mintableCoin.split("::")[0],
    });
  });

  it("pages activity and marks it truncated past the page bound, taking the last time from the newest transaction", async () => {
    const many = Array.from({ length: ACTIVITY_PAGE_SIZE * ACTIVITY_MAX_PAGES + 5 }, (_, i) => ({
      digest: `d${i}`,
      sender: { address: FIXTURE.longWallet },
      effects: {
        timestamp: new Date(FIXTURE.nowMs - (1000 - i) * 3_600_000).toISOString(),
        objectChanges: { nodes: [] },
        balanceChanges: { nodes: [] },
      },
      kind: { __typename: "ProgrammableTransaction", commands: { nodes: [] } },
    }));
    world.activity.set(FIXTURE.longWallet, many);
    const activity = await chain.addressActivity(asSuiAddress(FIXTURE.longWallet))();
    expect(world.operations).to.have.length(ACTIVITY_MAX_PAGES);
    const read = E.isRight(activity) ? activity.right : null;
    expect(read).to.include({ truncated: true, transactionCount: ACTIVITY_PAGE_SIZE * ACTIVITY_MAX_PAGES });
    expect(read!.lastAtMs).to.equal(Date.parse(many.at(-1)!.effects.timestamp));
  });

  it("turns an HTTP failure into SuiUpstreamFailure on every method, and never throws", async () => {
    world.failWith = 503;
    const results = [
      await chain.coinInfo(asCoinType(FIXTURE.fixedCoin))(),
      await chain.addressActivity(subject)(),
      await chain.simulateViews([{ fn: "total_scored" }])(),
      await chain.chainNow()(),
      await chain.writeScore({ subject, score: 1, tier: 0, confidence: 5, botFlagged: false, capability: null })(),
    ];
    expect(results.map((r) => (E.isLeft(r) ? r.left._tag : "Right"))).to.deep.equal(
      Array(5).fill("SuiUpstreamFailure"),
    );
  });

  it("turns GraphQL errors and answers of an unexpected shape into SuiUpstreamFailure", async () => {
    world.coins.set(FIXTURE.fixedCoin, { ...world.coins.get(FIXTURE.fixedCoin)!, metadata: { address: 42 } });
    const odd = await chain.coinInfo(asCoinType(FIXTURE.fixedCoin))();
    expect(odd).to.deep.equal(E.left({ _tag: "SuiUpstreamFailure", detail: "GraphQL answer has an unexpected shape" }));
    world.activity.set(subject, [{ digest: 7 }]);
    const bad = await chain.addressActivity(subject)();
    expect(E.isLeft(bad) && bad.left._tag).to.equal("SuiUpstreamFailure");
  });
});
