import { inject, injectable, optional } from "inversify";
import { ScoreRegistry, type RegistryInfo } from "../../ports/score-registry.port";

/** `GET /api/registry`: where the registry lives and its ABI; null when none is configured. */
@injectable()
export class DescribeRegistry {
  constructor(@inject(ScoreRegistry) @optional() private readonly registry?: ScoreRegistry) {}

  execute(): RegistryInfo | null {
    return this.registry?.info() ?? null;
  }
}
