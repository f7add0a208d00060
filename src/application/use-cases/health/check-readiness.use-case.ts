import { inject, injectable } from "inversify";
import { ReadinessProbes, type ReadinessProbe } from "../../ports/readiness-probe.port";

export interface Readiness {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, "ok" | "unavailable">>;
}

/** Asks every dependency at once; ready only when all of them answer. */
@injectable()
export class CheckReadiness {
  constructor(@inject(ReadinessProbes) private readonly probes: readonly ReadinessProbe[]) {}

  async execute(): Promise<Readiness> {
    // A probe that throws instead of answering false still only makes its dependency unavailable.
    const settled = await Promise.allSettled(this.probes.map((probe) => probe.isReady()));
    const results = this.probes.map(
      (probe, i) =>
        [probe.name, settled[i]?.status === "fulfilled" && settled[i].value ? "ok" : "unavailable"] as const,
    );
    return { ready: results.every(([, status]) => status === "ok"), checks: Object.fromEntries(results) };
  }
}
