import { isLeft } from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../../../src/application/failures";

/** Runs a TaskEither and returns its Right, failing the test with the failure's detail otherwise. */
export async function right<T>(task: TaskEither<UpstreamFailure, T>): Promise<T> {
  const result = await task();
  if (isLeft(result)) throw new Error(`expected a value, got ${result.left.source} failure: ${result.left.detail}`);
  return result.right;
}

/** Runs a TaskEither and returns its Left, failing the test if it succeeded. */
export async function left<T>(task: TaskEither<UpstreamFailure, T>): Promise<UpstreamFailure> {
  const result = await task();
  if (!isLeft(result))
    throw new Error(
      `expected a failure, got ${JSON.stringify(result.right, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}`,
    );
  return result.left;
}
