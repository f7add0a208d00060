import type { Container, Newable } from "inversify";
import type pg from "pg";
import { InMemoryFeedbackStore } from "../../adapters/storage/in-memory-feedback-store.adapter";
import {
  PostgresFeedbackStore,
  PostgresFeedbackStoreConfig,
} from "../../adapters/storage/postgres-feedback-store.adapter";
import { FeedbackStore } from "../../application/ports/feedback-store.port";
import { ListFeedback } from "../../application/use-cases/feedback/list-feedback.use-case";
import { SubmitFeedback } from "../../application/use-cases/feedback/submit-feedback.use-case";

/** The feedback use cases, bound by the composition root and resolved by its smoke test. */
export const FEEDBACK_USE_CASES: readonly Newable<object>[] = [SubmitFeedback, ListFeedback];

/** Feedback lives in PostgreSQL when DATABASE_URL gives a pool, in process memory otherwise (one store either way). */
export function bindFeedback(container: Container, pool: pg.Pool | null): void {
  if (pool === null) {
    container.bind(FeedbackStore).toConstantValue(new InMemoryFeedbackStore());
    return;
  }
  container.bind(PostgresFeedbackStoreConfig).toConstantValue({ pool });
  container.bind(FeedbackStore).to(PostgresFeedbackStore).inSingletonScope();
}
