import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";

/** The answer of a use case that cannot fail (its failure type is never): every use case is a TaskEither. */
export async function infallible<A>(task: TaskEither<never, A>): Promise<A> {
  const result = await task();
  return E.isRight(result) ? result.right : result.left;
}
