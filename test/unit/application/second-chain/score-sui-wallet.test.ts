import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { InMemorySuiWriteJournal } from "../../../../src/adapters/storage/in-memory-sui-write-journal.adapter";
import { ScoreSuiWallet } from "../../../../src/application/use-cases/second-chain/score-sui-wallet.use-case";
import { asSuiAddress } from "../../../../src/domain/second-chain/sui-address";
import { EmbeddedSuiLedger } from "../../../../src/dev-world/sui/embedded-sui-ledger";
import { EPOCH_MS } from "../../../../src/dev-world/sui/sui-ledger-state";
import { seedSuiWorld } from "../../../../src/dev-world/sui/sui-world-seed";

describe("ScoreSuiWallet on the embedded ledger", () => {
  const oracle = asSuiAddress(new Ed25519Keypair().toSuiAddress());
  const start = Date.parse("2026-11-20T12:00:00.000Z");

  function setup() {
    let now = start;
    const { state, scenario } = seedSuiWorld(start, oracle);
    const ledger = new EmbeddedSuiLedger(state, oracle, () => now);
    return { ledger, scenario, state, advance: (ms: number) => (now += ms) };
  }

  it("after a restart (empty journal) a repeat in the same epoch still answers the earlier digest, from the events", async () => {
    const { ledger, scenario, state } = setup();
    const first = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal()).execute(scenario.longLivedWallet);
    const afterRestart = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal()).execute(
      scenario.longLivedWallet,
    );
    expect(E.isRight(first) && E.isRight(afterRestart)).to.equal(true);
    if (E.isLeft(first) || E.isLeft(afterRestart)) return;
    expect(afterRestart.right).to.include({ written: false, digest: first.right.digest, score: first.right.score });
    expect(state.scoreEvents).to.have.length(1);
  });

  it("writes again in the next epoch", async () => {
    const { ledger, scenario, advance, state } = setup();
    const useCase = new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal());
    const first = await useCase.execute(scenario.freshWallet);
    advance(EPOCH_MS);
    const next = await useCase.execute(scenario.freshWallet);
    expect(E.isRight(next) && next.right.written).to.equal(true);
    expect(E.isRight(next) && E.isRight(first) && next.right.updatedEpoch === first.right.updatedEpoch + 1n).to.equal(
      true,
    );
    expect(state.scoreEvents).to.have.length(2);
  });

  it("answers the registry's own reading: a key without the OracleCap fails and reports nothing written", async () => {
    const { state, scenario } = setup();
    const outsider = new EmbeddedSuiLedger(state, asSuiAddress("0x99"), () => start);
    const answer = await new ScoreSuiWallet(outsider, new InMemorySuiWriteJournal()).execute(scenario.longLivedWallet);
    expect(answer).to.deep.equal(E.left({ _tag: "SuiWalletUpstream", cause: { _tag: "SuiNotOracle" } }));
    expect(state.records.size).to.equal(0);
  });
});
