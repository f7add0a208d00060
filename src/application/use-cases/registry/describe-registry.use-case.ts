import * as TE from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import { ScoreRegistry, type RegistryInfo } from "../../ports/score-registry.port";

/** No ScoreRegistry is configured (REGISTRY_ADDRESS unset): there is nothing to describe. */
export interface RegistryNotConfigured {
  readonly _tag: "RegistryNotConfigured";
}

/** `GET /api/registry`: where the registry lives and its ABI. */
@injectable()
export class DescribeRegistry {
  constructor(@inject(ScoreRegistry) @optional() private readonly registry?: ScoreRegistry) {}

  execute(): TE.TaskEither<RegistryNotConfigured, RegistryInfo> {
    const info = this.registry?.info();
    return info === undefined ? TE.left({ _tag: "RegistryNotConfigured" }) : TE.right(info);
  }
}
