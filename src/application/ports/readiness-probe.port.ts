/** What a probe found: whether its dependency answers, and details worth showing an operator. */
export interface DependencyCheck {
  readonly ok: boolean;
  /** `memory` when no external store is configured (the embedded default), `explorer` for a remote index. */
  readonly mode?: string;
  /** Index only: blocks between the chain head and the last indexed block (null when the head is unknown). */
  readonly lagBlocks?: number | null;
  /** Chain only: each RPC_URL endpoint's state, in list order (URL cut to scheme and host: keys live in URLs). */
  readonly endpoints?: readonly {
    readonly url: string;
    readonly state: "ok" | "benched";
    readonly benchedUntil?: string;
    readonly lastFailure?: string;
  }[];
}

/** One dependency the service needs (chain node, index, database, Redis). */
export interface ReadinessProbe {
  readonly name: string;
  /** Required: down means not ready (503). Optional (Redis): down means degraded, still serving. */
  readonly required: boolean;
  /** Never rejects. */
  check(): Promise<DependencyCheck>;
}

export const ReadinessProbes = Symbol.for("ReadinessProbes");
