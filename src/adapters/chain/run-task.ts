import type { TaskEither } from "fp-ts/TaskEither";
import type { UpstreamFailure } from "../../application/failures";
import { UpstreamError } from "./sell-simulator-calls";

/** Runs a port task inside plain async code, carrying its failure out as an UpstreamError. */
export async function run<T>(task: TaskEither<UpstreamFailure, T>): Promise<T> {
  const result = await task();
  if (result._tag === "Left") throw new UpstreamError(result.left);
  return result.right;
}
