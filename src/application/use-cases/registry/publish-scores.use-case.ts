import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { isCurrent, registryEntryOf, type RegistryEntry } from "../../../domain/registry/registry-entry";
import { budgetDayOf, secondsUntilNextBudgetDay } from "../../../domain/write-budget/write-budget-day";
import type { UpstreamFailure } from "../../failures";
import { Clock } from "../../ports/clock.port";
import { ScoreRegistry } from "../../ports/score-registry.port";
import { WriteBudget } from "../../ports/write-budget.port";
import { RegistryScores } from "./registry-scores.port";

export interface RegistrySettings {
  /** An unchanged score is written again once it is this old on chain (consumers read with a maxAge). */
  readonly refreshSeconds: number;
}

export const RegistrySettings = Symbol.for("RegistrySettings");

export type PublishFailure =
  | { readonly _tag: "RegistryNotConfigured" }
  /** Nothing could be scored, or the registry could not be read or written (nothing or nothing more sent). */
  | { readonly _tag: "PublishUpstream"; readonly cause: UpstreamFailure | null }
  /** The day's EVM write budget cannot cover this write: nothing was sent. */
  | { readonly _tag: "WriteBudgetExhausted"; readonly retryAfterSeconds: number }
  /** The shared budget's store did not answer: nothing was sent. */
  | { readonly _tag: "WriteBudgetUnavailable" };

export interface PublishedScore extends RegistryEntry {
  readonly flagsHash: string;
}

export interface PublishOutcome {
  /** Null when every entry was already current: no transaction. */
  readonly transaction: string | null;
  readonly blockNumber: number | null;
  /** Gas reserved from the day's EVM write budget (decimal string; "0" when nothing was sent). */
  readonly gasReserved: string;
  readonly published: readonly PublishedScore[];
  /** Already on chain with the same score version: not written again. */
  readonly unchanged: readonly PublishedScore[];
  /** Could not be scored now: not written. */
  readonly unscored: readonly Address[];
}

/**
 * `POST /api/registry/publish`: scores each address, leaves out those whose score version is already on
 * chain, reserves the batched write's gas from the day's EVM budget (shared by every instance) and sends
 * one publish() with the oracle key. Past the budget nothing is sent.
 */
@injectable()
export class PublishScores {
  constructor(
    @inject(RegistryScores) private readonly scores: RegistryScores,
    @inject(WriteBudget) private readonly budget: WriteBudget,
    @inject(Clock) private readonly clock: Clock,
    @inject(RegistrySettings) private readonly settings: RegistrySettings,
    @inject(ScoreRegistry) @optional() private readonly registry?: ScoreRegistry,
  ) {}

  execute(addresses: readonly Address[]): TaskEither<PublishFailure, PublishOutcome> {
    return async () => {
      const registry = this.registry;
      if (registry === undefined) return E.left({ _tag: "RegistryNotConfigured" });
      const unique = [...new Set(addresses)];
      const scored = await Promise.all(unique.map((a) => this.scores.scoreOf(a)()));
      const entries = scored.flatMap((s) => (E.isRight(s) ? [registryEntryOf(s.right)] : []));
      const unscored = unique.filter((_, i) => E.isLeft(scored[i]!));
      if (entries.length === 0) return E.left({ _tag: "PublishUpstream", cause: null });

      const onchain = await registry.current(entries.map((e) => e.account))();
      if (E.isLeft(onchain)) return E.left({ _tag: "PublishUpstream", cause: onchain.left });
      const nowMs = this.clock.nowMs();
      const withHash = (e: RegistryEntry): PublishedScore => ({ ...e, flagsHash: registry.flagsHash(e) });
      const current = (e: RegistryEntry) =>
        isCurrent(
          onchain.right.get(e.account) ?? null,
          e,
          registry.flagsHash(e),
          Math.floor(nowMs / 1000),
          this.settings.refreshSeconds,
        );
      const changed = entries.filter((e) => !current(e));
      const unchanged = entries.filter(current).map(withHash);
      const none = { transaction: null, blockNumber: null, gasReserved: "0", unchanged, unscored };
      if (changed.length === 0) return E.right({ ...none, published: [] });

      const prepared = await registry.prepare(changed)();
      if (E.isLeft(prepared)) return E.left({ _tag: "PublishUpstream", cause: prepared.left });
      const outcome = await this.budget.reserve("evm", budgetDayOf(nowMs), prepared.right.gasLimit);
      if (outcome === "exhausted")
        return E.left({ _tag: "WriteBudgetExhausted", retryAfterSeconds: secondsUntilNextBudgetDay(nowMs) });
      if (outcome === "unavailable") return E.left({ _tag: "WriteBudgetUnavailable" });

      const sent = await registry.send(prepared.right)();
      if (E.isLeft(sent)) return E.left({ _tag: "PublishUpstream", cause: sent.left });
      return E.right({
        ...none,
        transaction: sent.right.transaction,
        blockNumber: sent.right.blockNumber,
        gasReserved: prepared.right.gasLimit.toString(),
        published: changed.map(withHash),
      });
    };
  }
}
