import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import { inject, injectable } from "inversify";
import { REVOCATIONS_LISTED, type Revocation } from "../../../domain/gating/revocation";
import type { UpstreamFailure } from "../../failures";
import { RevocationStore } from "../../ports/revocation-store.port";

/** GET /api/gating/revocations: the published list, newest first (the newest REVOCATIONS_LISTED). */
@injectable()
export class ListRevocations {
  constructor(@inject(RevocationStore) private readonly store: RevocationStore) {}

  execute(): TE.TaskEither<UpstreamFailure, { readonly revocations: readonly Revocation[] }> {
    return pipe(
      this.store.list(REVOCATIONS_LISTED),
      TE.map((revocations) => ({ revocations })),
    );
  }
}
