import { injectable } from "inversify";
import type { AddressKind } from "../../../domain/chain/chain-types";
import type { Tier } from "../../../domain/scoring";

export interface ScoringStatsView {
  /** Scores actually computed (cache hits and coalesced waiters excluded). */
  readonly scoresComputed: number;
  /** Answers returned, cached ones included. */
  readonly answers: number;
  readonly failures: number;
  readonly byKind: Readonly<Record<AddressKind, number>>;
  readonly byTier: Readonly<Partial<Record<Tier, number>>>;
}

/** Process-lifetime counters for /api/stats and /api/agent-status. Bind as a singleton. */
@injectable()
export class ScoringStats {
  private computed = 0;
  private answered = 0;
  private failed = 0;
  private readonly kinds: Record<AddressKind, number> = { eoa: 0, erc20: 0, erc721: 0, erc1155: 0, contract: 0 };
  private readonly tiers: Partial<Record<Tier, number>> = {};

  recordComputed(kind: AddressKind, tier: Tier): void {
    this.computed++;
    this.kinds[kind]++;
    this.tiers[tier] = (this.tiers[tier] ?? 0) + 1;
  }

  recordAnswer(ok: boolean): void {
    if (ok) this.answered++;
    else this.failed++;
  }

  view(): ScoringStatsView {
    return {
      scoresComputed: this.computed,
      answers: this.answered,
      failures: this.failed,
      byKind: { ...this.kinds },
      byTier: { ...this.tiers },
    };
  }
}
