import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { parseSubscriptionId, type Subscription } from "../../../domain/protocol-guard/subscription";
import type { SubscriptionStore } from "../../ports/subscription-store.port";
import { guardFailure, notFound, storageFailed, type GuardFailure } from "./guard-failure";
import { manageTokenMatches } from "./manage-token";

/**
 * The subscription `id` names, if `token` manages it. Existence is checked first (unknown -> 404,
 * then wrong or missing token -> 401). Ids are no longer listed, but they carry 128 random bits:
 * the order tells a caller only whether an id it already holds exists, never which ids do.
 */
export function managedSubscription(
  store: SubscriptionStore,
  id: string,
  token: string | undefined,
): TE.TaskEither<GuardFailure, Subscription> {
  const parsed = parseSubscriptionId(id);
  if (parsed === undefined) return TE.left(notFound());
  return pipe(
    store.get(parsed),
    TE.mapLeft(storageFailed),
    TE.flatMap((subscription) => {
      if (subscription === null) return TE.left(notFound());
      if (!manageTokenMatches(token, subscription.manageTokenHash)) {
        return TE.left(guardFailure("unauthorized", "missing or wrong manage token"));
      }
      return TE.right(subscription);
    }),
  );
}
