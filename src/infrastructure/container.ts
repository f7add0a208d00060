import "reflect-metadata";
import { Container } from "inversify";
import type { Logger } from "pino";
import { Clock } from "../application/ports/clock.port";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { ReadinessProbes, type ReadinessProbe } from "../application/ports/readiness-probe.port";
import { CheckReadiness } from "../application/use-cases/health/check-readiness.use-case";
import { SystemClock } from "../adapters/clock/system-clock.adapter";
import { InMemoryRateLimiter } from "../adapters/rate-limit/in-memory-rate-limiter.adapter";
import type { Config } from "./config/config";

/** What the composition root needs besides configuration: things started before it. */
export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly readinessProbes: readonly ReadinessProbe[];
}

/** Every use-case class; the smoke test resolves each from the production container. */
export const USE_CASES = [CheckReadiness] as const;

/** The one composition root: ports bound to adapters, use-cases bound to themselves. */
export function buildContainer(runtime: Runtime): Container {
  const container = new Container({ defaultScope: "Singleton" });
  container.bind(Clock).to(SystemClock);
  container.bind(RateLimiter).to(InMemoryRateLimiter);
  container.bind(ReadinessProbes).toConstantValue(runtime.readinessProbes);
  for (const useCase of USE_CASES) container.bind(useCase).toSelf();
  return container;
}
