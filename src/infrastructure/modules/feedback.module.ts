import type { Container, Newable } from "inversify";
import type pg from "pg";
import { InMemoryFeedbackStore } from "../../adapters/storage/in-memory-feedback-store.adapter";
import { InMemoryFlagDecisionStore } from "../../adapters/storage/in-memory-flag-decision-store.adapter";
import {
  PostgresFeedbackStore,
  PostgresFeedbackStoreConfig,
} from "../../adapters/storage/postgres-feedback-store.adapter";
import {
  PostgresFlagDecisionStore,
  PostgresFlagDecisionStoreConfig,
} from "../../adapters/storage/postgres-flag-decision-store.adapter";
import { FeedbackStore } from "../../application/ports/feedback-store.port";
import { FlagDecisionStore } from "../../application/ports/flag-decision-store.port";
import { ListFeedback } from "../../application/use-cases/feedback/list-feedback.use-case";
import { SubmitFeedback } from "../../application/use-cases/feedback/submit-feedback.use-case";
import { ListFlagDecisions } from "../../application/use-cases/review/list-flag-decisions.use-case";
import { RecordFlagDecision } from "../../application/use-cases/review/record-flag-decision.use-case";
import { operatorAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { feedbackRoutes } from "../../adapters/http/routes/feedback.routes";
import { flagDecisionRoutes } from "../../adapters/http/routes/flag-decisions.routes";
import type { FeatureModule } from "../feature-module";

/** The feedback and flag review use cases, bound by the composition root and resolved by its smoke test. */
export const FEEDBACK_USE_CASES: readonly Newable<object>[] = [
  SubmitFeedback,
  ListFeedback,
  RecordFlagDecision,
  ListFlagDecisions,
];

/**
 * Feedback and the operator's flag decisions live in PostgreSQL when DATABASE_URL gives a pool, in process memory
 * otherwise (one store of each either way: answers on every instance read the same decisions).
 */
export function bindFeedback(container: Container, pool: pg.Pool | null): void {
  if (pool === null) {
    container.bind(FeedbackStore).toConstantValue(new InMemoryFeedbackStore());
    container.bind(FlagDecisionStore).toConstantValue(new InMemoryFlagDecisionStore());
    return;
  }
  container.bind(PostgresFeedbackStoreConfig).toConstantValue({ pool });
  container.bind(FeedbackStore).to(PostgresFeedbackStore).inSingletonScope();
  container.bind(PostgresFlagDecisionStoreConfig).toConstantValue({ pool });
  container.bind(FlagDecisionStore).to(PostgresFlagDecisionStore).inSingletonScope();
}

/** Feedback on answers, and the operator's decisions on flags (review). */
export const feedbackModule: FeatureModule = {
  name: "feedback",
  useCases: FEEDBACK_USE_CASES,
  bind: ({ container, database }) => bindFeedback(container, database),
  routes: ({ container, config, limited }) => [
    feedbackRoutes({
      submitFeedback: container.get(SubmitFeedback),
      listFeedback: container.get(ListFeedback),
      rateLimit: limited("feedback", config.env.FEEDBACK_RATE_LIMIT_PER_MINUTE),
      operatorAuth: operatorAuth(config.env.OPERATOR_API_KEYS),
    }),
    flagDecisionRoutes({
      recordFlagDecision: container.get(RecordFlagDecision),
      listFlagDecisions: container.get(ListFlagDecisions),
      operatorAuth: operatorAuth(config.env.OPERATOR_API_KEYS),
    }),
  ],
};
