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
    const results = await Promise.all(
      this.probes.map(async (probe) => [probe.name, (await probe.isReady()) ? "ok" : "unavailable"] as const),
    );
    return { ready: results.every(([, status]) => status === "ok"), checks: Object.fromEntries(results) };
  }
}
