import type { Newable } from "inversify";
import { CheckReadiness } from "../../application/use-cases/health/check-readiness.use-case";

/** The health use cases, bound by the composition root and resolved by its smoke test. */
export const HEALTH_USE_CASES: readonly Newable<object>[] = [CheckReadiness];
