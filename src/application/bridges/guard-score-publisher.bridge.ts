import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { GuardScorePublisher } from "../use-cases/protocol-guard/guard-score-publisher.port";
import { PublishScores } from "../use-cases/registry/publish-scores.use-case";

/** Protocol Guard's checks publish through the registry's own use case: same idempotence, same budget. */
@injectable()
export class GuardScorePublisherFromRegistry implements GuardScorePublisher {
  private readonly inFlight = new Set<Address>();

  constructor(@inject(PublishScores) private readonly publishScores: PublishScores) {}

  publishInBackground(wallet: Address): void {
    // One write per wallet at a time: a burst of checks of one wallet sends once.
    if (this.inFlight.has(wallet)) return;
    this.inFlight.add(wallet);
    void this.publishScores
      .execute([wallet])()
      .catch(() => undefined)
      .finally(() => this.inFlight.delete(wallet));
  }
}
