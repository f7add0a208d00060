import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { SubscriptionRow } from "../../../domain/protocol-guard/subscription";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { storageFailed, type GuardFailure } from "./guard-failure";

/** Rows shown by an unauthenticated list; newest first, bounded so the answer stays small. */
export const SUBSCRIPTION_LIST_MAX = 500;

/** GET /api/protocol-guard/subscriptions without `id`: `{id, protocolName, status}` rows only. */
@injectable()
export class ListSubscriptions {
  constructor(@inject(SubscriptionStore) private readonly store: SubscriptionStore) {}

  execute(): TE.TaskEither<GuardFailure, readonly SubscriptionRow[]> {
    return pipe(this.store.list(SUBSCRIPTION_LIST_MAX), TE.mapLeft(storageFailed));
  }
}
