import * as TE from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure, type UpstreamSource } from "../../application/failures";
import { describeError } from "./http-json";

/** Runs a promise-returning adapter step, turning any rejection into an UpstreamFailure value. */
export function upstreamTask<T>(
  source: UpstreamSource,
  what: string,
  run: () => Promise<T>,
): TE.TaskEither<UpstreamFailure, T> {
  return TE.tryCatch(run, (error) => upstreamFailure(source, `${what}: ${describeError(error)}`));
}
