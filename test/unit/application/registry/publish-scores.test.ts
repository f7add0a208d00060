import { expect } from "chai";
import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../../../src/application/failures";
import type {
  PreparedPublish,
  PublishedTransaction,
  RegistryInfo,
  ScoreRegistry,
} from "../../../../src/application/ports/score-registry.port";
import { PublishScores } from "../../../../src/application/use-cases/registry/publish-scores.use-case";
import type { RegistryScores } from "../../../../src/application/use-cases/registry/registry-scores.port";
import { InMemoryWriteBudget } from "../../../../src/adapters/write-budget/in-memory-write-budget.adapter";
import type { Address } from "../../../../src/domain/chain/address";
import type { OnchainScore, RegistryEntry } from "../../../../src/domain/registry/registry-entry";

const member = "0x00000000000000000000000000000000000000b1" as Address;
const holder = "0x00000000000000000000000000000000000000b2" as Address;
const NOW_MS = Date.parse("2026-11-26T12:00:00Z");
const clock = { nowMs: () => NOW_MS };
const GAS = 90_000n;

/** Scores as the scorer would give them: the member is low and flagged, the holder is MEDIUM. */
const scores: RegistryScores = {
  scoreOf: (address: Address) => async () =>
    E.right({
      address,
      score: address === member ? 0 : 58,
      tier: address === member ? "LOW" : "MEDIUM",
      confidence: 50,
      flags: address === member ? [{ code: "SYBIL_CLUSTER" }, { code: "FRESH_WALLET" }] : [],
    }),
};

class RecordingRegistry implements ScoreRegistry {
  readonly sent: (readonly RegistryEntry[])[] = [];
  readonly onchain = new Map<Address, OnchainScore>();
  info(): RegistryInfo {
    return { address: "0x00000000000000000000000000000000000000cc" as Address, chainId: 1, abi: [] };
  }
  flagsHash(entry: RegistryEntry): string {
    return `hash:${entry.flagCodes.join(",")}`;
  }
  current(accounts: readonly Address[]): TaskEither<UpstreamFailure, ReadonlyMap<Address, OnchainScore | null>> {
    return async () => E.right(new Map(accounts.map((a) => [a, this.onchain.get(a) ?? null])));
  }
  prepare(entries: readonly RegistryEntry[]): TaskEither<UpstreamFailure, PreparedPublish> {
    return async () => E.right({ entries, gasLimit: GAS });
  }
  send(prepared: PreparedPublish): TaskEither<UpstreamFailure, PublishedTransaction> {
    return async () => {
      this.sent.push(prepared.entries);
      for (const e of prepared.entries)
        this.onchain.set(e.account, { ...e, updatedAt: NOW_MS / 1000, flagsHash: this.flagsHash(e) });
      return E.right({ transaction: `0x${"ab".repeat(32)}`, blockNumber: 7 });
    };
  }
}

const useCase = (registry: ScoreRegistry | undefined, gasPerDay: bigint) =>
  new PublishScores(
    scores,
    new InMemoryWriteBudget({ sui: 0n, evm: gasPerDay }),
    clock,
    { refreshSeconds: 86_400 },
    registry,
  );

describe("PublishScores (issue 33 item 5)", () => {
  it("writes changed scores in one transaction, then nothing for the same score version", async () => {
    const registry = new RecordingRegistry();
    const publish = useCase(registry, 10n * GAS);
    const first = await publish.execute([member, holder, member])();
    expect(
      E.isRight(first) && first.right.published.map((p) => [p.account, p.score, p.tier, p.flagCodes]),
    ).to.deep.equal([
      [member, 0, 0, ["FRESH_WALLET", "SYBIL_CLUSTER"]],
      [holder, 58, 1, []],
    ]);
    expect(E.isRight(first) && first.right.gasReserved).to.equal(GAS.toString());
    const again = await publish.execute([member, holder])();
    expect(E.isRight(again) && again.right).to.deep.include({ transaction: null, gasReserved: "0", published: [] });
    expect(registry.sent).to.have.lengthOf(1);
  });

  it("past the day's EVM write budget: write_budget_exhausted until the next UTC day, and nothing is sent", async () => {
    const registry = new RecordingRegistry();
    const publish = useCase(registry, GAS + GAS / 2n);
    expect(E.isRight(await publish.execute([member])())).to.equal(true);
    registry.onchain.clear();
    expect(await publish.execute([holder])()).to.deep.equal(
      E.left({ _tag: "WriteBudgetExhausted", retryAfterSeconds: 12 * 3600 }),
    );
    expect(registry.sent).to.have.lengthOf(1);
  });

  it("no registry configured: RegistryNotConfigured, nothing scored or sent", async () => {
    expect(await useCase(undefined, GAS).execute([member])()).to.deep.equal(E.left({ _tag: "RegistryNotConfigured" }));
  });
});
