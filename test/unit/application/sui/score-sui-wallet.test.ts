import { expect } from "chai";
import * as E from "fp-ts/Either";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { InMemorySuiWriteJournal } from "../../../../src/adapters/storage/in-memory-sui-write-journal.adapter";
import { InMemoryWriteBudget } from "../../../../src/adapters/write-budget/in-memory-write-budget.adapter";
import type { BudgetOutcome, WriteBudget } from "../../../../src/application/ports/write-budget.port";
import { ScoreSuiWallet } from "../../../../src/application/use-cases/sui/score-sui-wallet.use-case";
import { ORACLE_WRITE_GAS_BUDGET_MIST } from "../../../../src/domain/sui/registry-rules";
import { asSuiAddress } from "../../../../src/domain/sui/sui-address";
import type { WriteChain } from "../../../../src/domain/write-budget/write-budget-day";
import { EmbeddedSuiLedger } from "../../../../src/dev-world/sui/embedded-sui-ledger";
import { EPOCH_MS } from "../../../../src/dev-world/sui/sui-ledger-state";
import { seedSuiWorld } from "../../../../src/dev-world/sui/sui-world-seed";

/** A WriteBudget that records each reservation and answers as told (or from a real in-memory budget). */
class RecordingBudget implements WriteBudget {
  readonly reservations: [WriteChain, string, bigint][] = [];
  constructor(private readonly inner: WriteBudget | BudgetOutcome) {}
  async reserve(chain: WriteChain, day: string, amount: bigint): Promise<BudgetOutcome> {
    this.reservations.push([chain, day, amount]);
    return typeof this.inner === "string" ? this.inner : this.inner.reserve(chain, day, amount);
  }
}

describe("ScoreSuiWallet on the embedded ledger", () => {
  const oracle = asSuiAddress(new Ed25519Keypair().toSuiAddress());
  const start = Date.parse("2026-11-20T12:00:00.000Z");
  /** Wall clock of the budget: 21:30 UTC, 2.5 h before the next budget day. */
  const wall = { nowMs: () => Date.parse("2026-11-20T21:30:00.000Z") };
  const plenty = () =>
    new RecordingBudget(new InMemoryWriteBudget({ sui: 10n * ORACLE_WRITE_GAS_BUDGET_MIST, evm: 0n }));
  const stranger = asSuiAddress(`0x${"3c".repeat(32)}`);

  function setup() {
    let now = start;
    const { state, scenario } = seedSuiWorld(start, oracle);
    const ledger = new EmbeddedSuiLedger(state, oracle, () => now);
    return { ledger, scenario, state, advance: (ms: number) => (now += ms) };
  }

  it("after a restart (empty journal) a repeat in the same epoch still answers the earlier digest, from the events", async () => {
    const { ledger, scenario, state } = setup();
    const budget = plenty();
    const first = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), budget, wall).execute(
      scenario.longLivedWallet,
    )();
    const afterRestart = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), budget, wall).execute(
      scenario.longLivedWallet,
    )();
    expect(E.isRight(first) && E.isRight(afterRestart)).to.equal(true);
    if (E.isLeft(first) || E.isLeft(afterRestart)) return;
    expect(afterRestart.right).to.include({
      written: false,
      reason: "updated_this_epoch",
      digest: first.right.digest,
      score: first.right.score,
    });
    expect(state.scoreEvents).to.have.length(1);
    expect(budget.reservations).to.have.length(1);
  });

  it("writes again in the next epoch", async () => {
    const { ledger, scenario, advance, state } = setup();
    const useCase = new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), plenty(), wall);
    const first = await useCase.execute(scenario.freshWallet)();
    advance(EPOCH_MS);
    const next = await useCase.execute(scenario.freshWallet)();
    expect(E.isRight(next) && next.right.written).to.equal(true);
    expect(
      E.isRight(next) && E.isRight(first) && next.right.updatedEpoch === (first.right.updatedEpoch ?? -1n) + 1n,
    ).to.equal(true);
    expect(state.scoreEvents).to.have.length(2);
  });

  it("answers the registry's own reading: a key without the OracleCap fails and reports nothing written", async () => {
    const { state, scenario } = setup();
    const outsider = new EmbeddedSuiLedger(state, asSuiAddress("0x99"), () => start);
    const answer = await new ScoreSuiWallet(outsider, new InMemorySuiWriteJournal(), plenty(), wall).execute(
      scenario.longLivedWallet,
    )();
    expect(answer).to.deep.equal(E.left({ _tag: "SuiWalletUpstream", cause: { _tag: "SuiNotOracle" } }));
    expect(state.records.size).to.equal(0);
  });

  it("a wallet with history reserves its transaction's gas budget from today's UTC budget, then writes", async () => {
    const { ledger, scenario, state } = setup();
    const budget = plenty();
    const answer = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), budget, wall).execute(
      scenario.botWallet,
    )();
    expect(E.isRight(answer) && answer.right).to.include({ written: true, reason: null, botFlagged: true });
    expect(budget.reservations).to.deep.equal([["sui", "2026-11-20", ORACLE_WRITE_GAS_BUDGET_MIST]]);
    expect(state.scoreEvents).to.have.length(1);
  });

  it("answers a never-seen address read-only (no_history): its own score, no epoch, nothing reserved or written", async () => {
    const { ledger, state } = setup();
    const budget = plenty();
    const answer = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), budget, wall).execute(stranger)();
    expect(answer).to.deep.equal(
      E.right({
        address: stranger,
        score: 10,
        tier: "LOW",
        onchainTier: 0,
        confidence: 55,
        botFlagged: false,
        updatedEpoch: null,
        written: false,
        reason: "no_history",
        digest: null,
        capability: null,
      }),
    );
    expect(budget.reservations).to.deep.equal([]);
    expect([state.records.size, state.scoreEvents.length]).to.deep.equal([0, 0]);
  });

  it("a never-seen address the registry already holds (an earlier epoch's write) is answered from the registry, not written", async () => {
    const { ledger, state } = setup();
    state.records.set(stranger, { score: 40, tier: 1, confidence: 50, botFlagged: false, updatedEpoch: 1n });
    const answer = await new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), plenty(), wall).execute(stranger)();
    expect(E.isRight(answer) && answer.right).to.include({
      score: 40,
      updatedEpoch: 1n,
      written: false,
      reason: "no_history",
      digest: null,
    });
    expect(state.scoreEvents).to.have.length(0);
  });

  it("past the day's budget: WriteBudgetExhausted until the next UTC day, and nothing is written", async () => {
    const { ledger, scenario, state } = setup();
    const budget = new RecordingBudget(new InMemoryWriteBudget({ sui: ORACLE_WRITE_GAS_BUDGET_MIST, evm: 0n }));
    const useCase = new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), budget, wall);
    expect(E.isRight(await useCase.execute(scenario.longLivedWallet)())).to.equal(true);
    const refused = await useCase.execute(scenario.botWallet)();
    expect(refused).to.deep.equal(E.left({ _tag: "WriteBudgetExhausted", retryAfterSeconds: 2.5 * 3600 }));
    expect(state.scoreEvents.map((e) => e.subject)).to.deep.equal([scenario.longLivedWallet]);
  });

  it("the budget's store does not answer: WriteBudgetUnavailable, and nothing is written", async () => {
    const { ledger, scenario, state } = setup();
    const useCase = new ScoreSuiWallet(ledger, new InMemorySuiWriteJournal(), new RecordingBudget("unavailable"), wall);
    expect(await useCase.execute(scenario.longLivedWallet)()).to.deep.equal(E.left({ _tag: "WriteBudgetUnavailable" }));
    expect(state.records.size).to.equal(0);
  });
});
