import { expect } from "chai";
import * as E from "fp-ts/Either";
import type { SuiChain } from "../../../src/application/ports/sui-chain.port";
import {
  CAPABILITY_ABORTS,
  CAPABILITY_VALIDITY_EPOCHS,
  recordViews,
  REGISTRY_ABORTS,
} from "../../../src/domain/sui/registry-rules";
import { asCoinType, asSuiAddress, type CoinType, type SuiAddress } from "../../../src/domain/sui/sui-address";

/** What a SuiChain adapter under contract must provide: the roles of the seeded Sui world. */
export interface SuiChainSetup {
  /** Signs with the key that holds the OracleCap. */
  readonly chain: SuiChain;
  /** Signs with a key that does not. */
  readonly outsider: SuiChain;
  readonly fixedCoin: CoinType;
  readonly mintableCoin: CoinType;
  readonly regulatedCoin: CoinType;
  readonly freshCoin: CoinType;
  /** The account holding the mintable coin's TreasuryCap. */
  readonly treasuryHolder: SuiAddress;
  readonly longWallet: SuiAddress;
  readonly freshWallet: SuiAddress;
  readonly botWallet: SuiAddress;
  teardown(): Promise<void>;
}

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`);
  return either.right;
};

const unknownCoin = asCoinType(`0x${"ab".repeat(32)}::nothing::NOTHING`);
const stranger = (n: number) => asSuiAddress(`0x${n.toString(16).padStart(64, "7")}`);

/** One suite for every SuiChain adapter (EmbeddedSuiLedger, SuiGraphQLChain on nock). */
export function suiChainContract(name: string, setup: () => Promise<SuiChainSetup>): void {
  describe(`SuiChain contract: ${name}`, () => {
    let s: SuiChainSetup;
    beforeEach(async () => (s = await setup()));
    afterEach(async () => s.teardown());

    it("reads a fixed-supply coin: no TreasuryCap, no deny list, metadata present, published in the past", async () => {
      const info = right(await s.chain.coinInfo(s.fixedCoin)())!;
      const now = right(await s.chain.chainNow()());
      expect(info.coinType).to.equal(s.fixedCoin);
      expect(info.supply.state).to.equal("fixed");
      expect(info.supply.capHolder).to.equal(null);
      expect(info.regulation).to.equal(null);
      expect(info.metadata?.name).to.be.a("string").and.not.equal("");
      expect(info.publishedAtMs).to.be.a("number").and.below(now.timestampMs);
      if (info.holders !== null)
        expect(info.holders.topBalances.every((b, i, all) => i === 0 || all[i - 1]! >= b)).to.equal(true);
    });

    it("names the account that holds a mintable coin's TreasuryCap, and a MetadataCap that still exists", async () => {
      const info = right(await s.chain.coinInfo(s.mintableCoin)())!;
      expect(info.supply.state).to.equal("mintable");
      expect(info.supply.capHolder).to.deep.equal({ kind: "address", address: s.treasuryHolder });
      expect(info.metadataCapExists).to.equal(true);
      expect(typeof info.supply.totalSupply).to.equal("bigint");
    });

    it("reads a regulated coin's DenyCap holder and global pause", async () => {
      const info = right(await s.chain.coinInfo(s.regulatedCoin)())!;
      expect(info.regulation).to.deep.equal({
        denyCapHolder: { kind: "address", address: s.treasuryHolder },
        allowGlobalPause: true,
      });
    });

    it("dates a freshly published coin within the last day", async () => {
      const info = right(await s.chain.coinInfo(s.freshCoin)())!;
      const now = right(await s.chain.chainNow()());
      expect(now.timestampMs - info.publishedAtMs!).to.be.within(0, 86_400_000);
    });

    it("answers null for a coin type nobody published", async () => {
      expect(right(await s.chain.coinInfo(unknownCoin)())).to.equal(null);
    });

    it("reads activity: a long history is older and wider than a fresh one; a stranger has none", async () => {
      const long = right(await s.chain.addressActivity(s.longWallet)());
      const fresh = right(await s.chain.addressActivity(s.freshWallet)());
      const none = right(await s.chain.addressActivity(stranger(1))());
      expect(long.address).to.equal(s.longWallet);
      expect(long.transactionCount).to.be.above(fresh.transactionCount);
      expect(long.firstAtMs!).to.be.below(fresh.firstAtMs!);
      expect(long.counterparties.length).to.be.at.least(5);
      expect(long.packagesCalled.length).to.be.at.least(2);
      expect(long.objectsCreated).to.be.above(0);
      expect(long.timestampsMs).to.have.length(long.transactionCount);
      expect(long.counterparties).to.not.include(s.longWallet);
      expect(none).to.include({ transactionCount: 0, firstAtMs: null, lastAtMs: null });
    });

    it("reads views by simulation; getters abort on an unscored subject as the Move code does", async () => {
      const subject = stranger(2);
      const [scored, trusted, total] = right(
        await s.chain.simulateViews([
          { fn: "is_scored", subject },
          { fn: "is_trusted", subject, threshold: 0 },
          { fn: "total_scored" },
        ])(),
      );
      expect([scored, trusted, typeof total]).to.deep.equal([false, false, "bigint"]);
      const aborted = await s.chain.simulateViews([{ fn: "get_score", subject }])();
      expect(aborted).to.deep.equal(
        E.left({ _tag: "SuiMoveAbort", module: "registry", code: REGISTRY_ABORTS.NOT_SCORED }),
      );
    });

    it("writes update_score with the oracle key, then the views read the record back (bigint epoch)", async () => {
      const subject = stranger(3);
      const now = right(await s.chain.chainNow()());
      const receipt = right(
        await s.chain.writeScore({
          subject,
          score: 64,
          tier: 2,
          confidence: 70,
          botFlagged: false,
          capability: null,
        })(),
      );
      expect(receipt.digest).to.match(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect(receipt).to.deep.include({ epoch: now.epoch, capability: null });
      const values = right(await s.chain.simulateViews(recordViews(subject))());
      expect(values).to.deep.equal([64, 2, 70, false, now.epoch]);
      const [trusted60, trusted65] = right(
        await s.chain.simulateViews([
          { fn: "is_trusted", subject, threshold: 60 },
          { fn: "is_trusted", subject, threshold: 65 },
        ])(),
      );
      expect([trusted60, trusted65]).to.deep.equal([true, false]);
    });

    it("finds the digest of the write that updated a subject in an epoch from the registry's events", async () => {
      const subject = stranger(9);
      const receipt = right(
        await s.chain.writeScore({
          subject,
          score: 40,
          tier: 1,
          confidence: 50,
          botFlagged: false,
          capability: null,
        })(),
      );
      expect(right(await s.chain.scoreUpdateDigest(subject, receipt.epoch)())).to.equal(receipt.digest);
      expect(right(await s.chain.scoreUpdateDigest(subject, receipt.epoch - 1n)())).to.equal(null);
      expect(right(await s.chain.scoreUpdateDigest(stranger(10), receipt.epoch)())).to.equal(null);
    });

    it("mints a TrustedAgentCap valid for the stated epochs when the score earns it", async () => {
      const subject = stranger(4);
      const receipt = right(
        await s.chain.writeScore({
          subject,
          score: 90,
          tier: 2,
          confidence: 80,
          botFlagged: false,
          capability: "elite",
        })(),
      );
      expect(receipt.capability?.kind).to.equal("elite");
      expect(receipt.capability?.objectId).to.match(/^0x[0-9a-f]{64}$/);
      expect(receipt.capability?.expiresEpoch).to.equal(receipt.epoch + CAPABILITY_VALIDITY_EPOCHS);
    });

    it("refuses an unearned capability and writes nothing (one transaction)", async () => {
      const subject = stranger(5);
      const failed = await s.chain.writeScore({
        subject,
        score: 72,
        tier: 2,
        confidence: 80,
        botFlagged: false,
        capability: "elite",
      })();
      expect(failed).to.deep.equal(
        E.left({ _tag: "SuiMoveAbort", module: "capability", code: CAPABILITY_ABORTS.NOT_EARNED }),
      );
      expect(right(await s.chain.simulateViews([{ fn: "is_scored", subject }])())).to.deep.equal([false]);
    });

    it("refuses a capability to a bot-flagged subject whatever its score", async () => {
      const subject = stranger(8);
      const failed = await s.chain.writeScore({
        subject,
        score: 95,
        tier: 2,
        confidence: 80,
        botFlagged: true,
        capability: "standard",
      })();
      expect(failed).to.deep.equal(
        E.left({ _tag: "SuiMoveAbort", module: "capability", code: CAPABILITY_ABORTS.NOT_EARNED }),
      );
    });

    it("aborts a score above 100 (registry::EInvalidScore)", async () => {
      const failed = await s.chain.writeScore({
        subject: stranger(6),
        score: 101,
        tier: 2,
        confidence: 80,
        botFlagged: false,
        capability: null,
      })();
      expect(failed).to.deep.equal(
        E.left({ _tag: "SuiMoveAbort", module: "registry", code: REGISTRY_ABORTS.INVALID_SCORE }),
      );
    });

    it("lets only the OracleCap holder write", async () => {
      const subject = stranger(7);
      const failed = await s.outsider.writeScore({
        subject,
        score: 50,
        tier: 1,
        confidence: 50,
        botFlagged: false,
        capability: null,
      })();
      expect(failed).to.deep.equal(E.left({ _tag: "SuiNotOracle" }));
      expect(right(await s.chain.simulateViews([{ fn: "is_scored", subject }])())).to.deep.equal([false]);
    });
  });
}
