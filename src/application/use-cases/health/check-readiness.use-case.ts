import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { ReadinessProbes, type DependencyCheck, type ReadinessProbe } from "../../ports/readiness-probe.port";

export type ReadinessStatus = "ready" | "degraded" | "not_ready";

export interface Readiness {
  readonly status: ReadinessStatus;
  readonly checks: Readonly<Record<string, DependencyCheck>>;
}

/** How long one probe may take before its dependency counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Asks every dependency at once: not ready when a required one is down, degraded when only an
 * optional one is (Redis: limits per instance, nothing shared), ready otherwise.
 */
@injectable()
export class CheckReadiness {
  constructor(@inject(ReadinessProbes) private readonly probes: readonly ReadinessProbe[]) {}

  /** Never fails: a dependency that is down is a status in the answer, not a failure. */
  execute(): TE.TaskEither<never, Readiness> {
    return TE.fromTask(() => this.check());
  }

  private async check(): Promise<Readiness> {
    const checks = await Promise.all(this.probes.map((probe) => withTimeout(probe)));
    const down = this.probes.filter((_, i) => !checks[i]!.ok);
    const status: ReadinessStatus = down.some((probe) => probe.required)
      ? "not_ready"
      : down.length > 0
        ? "degraded"
        : "ready";
    return { status, checks: Object.fromEntries(this.probes.map((probe, i) => [probe.name, checks[i]!])) };
  }
}

/** A probe that throws or hangs only makes its own dependency unavailable. */
async function withTimeout(probe: ReadinessProbe): Promise<DependencyCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DependencyCheck>(
    (resolve) => (timer = setTimeout(() => resolve({ ok: false }), PROBE_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([probe.check().catch(() => ({ ok: false })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
